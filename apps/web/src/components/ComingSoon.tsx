import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/Construction';
import { publicPaths } from '@bullpen/contract/routes';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { PageContainer } from './PageContainer.tsx';

export interface ComingSoonProps {
  title: string;
  description: string;
}

/** The page of a route whose feature is not built yet: names the feature and what it will do. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  useDocumentTitle(title);
  return (
    <PageContainer maxWidth={760}>
      <Box
        sx={{
          textAlign: 'center',
          border: '1px solid',
          borderColor: 'divider',
          borderRadius: 4,
          px: { xs: 2.5, sm: 6 },
          py: { xs: 5, sm: 7 },
          bgcolor: '#f3f6fb',
        }}
      >
        <Box
          aria-hidden="true"
          sx={{
            display: 'inline-grid',
            placeItems: 'center',
            width: 72,
            height: 72,
            borderRadius: '50%',
            bgcolor: '#ffd166',
            color: '#0b2545',
            mb: 2,
          }}
        >
          <ConstructionIcon fontSize="large" />
        </Box>
        <Typography variant="h1" sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Chip label="Coming soon" color="primary" sx={{ mb: 2, fontWeight: 700 }} />
        <Typography sx={{ color: 'text.secondary', mb: 4, maxWidth: 560, mx: 'auto' }}>
          {description}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={publicPaths.home} variant="contained">
            Back to home
          </Button>
          <Button component={RouterLink} to={publicPaths.contactUs} variant="outlined">
            Contact us
          </Button>
        </Box>
      </Box>
    </PageContainer>
  );
}
