import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { publicPaths } from '@bullpen/contract/routes';
import { PageContainer } from '@/components/PageContainer.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <PageContainer maxWidth={720}>
      <Box sx={{ textAlign: 'center', py: { xs: 2, md: 6 } }}>
        <Typography
          aria-hidden="true"
          sx={{
            fontSize: { xs: '5rem', sm: '7rem' },
            fontWeight: 900,
            color: 'primary.main',
            lineHeight: 1,
          }}
        >
          404
        </Typography>
        <Typography variant="h1" sx={{ mt: 2, mb: 2 }}>
          Page not found
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 4 }}>
          We could not find the page you were looking for. It may have moved, or the link may be
          mistyped.
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={publicPaths.home} variant="contained">
            Go to the home page
          </Button>
          <Button component={RouterLink} to={publicPaths.support} variant="outlined">
            Get support
          </Button>
        </Box>
      </Box>
    </PageContainer>
  );
}

export const Component = NotFoundPage;
