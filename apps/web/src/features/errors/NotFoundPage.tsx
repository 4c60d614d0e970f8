import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { publicPaths } from '@bullpen/contract/routes';
import { PageContainer } from '@/components/PageContainer.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('errors.notFoundTitle'));
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
          {t('errors.notFoundTitle')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 4 }}>{t('errors.notFoundText')}</Typography>
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={publicPaths.home} variant="contained">
            {t('errors.goHome')}
          </Button>
          <Button component={RouterLink} to={publicPaths.support} variant="outlined">
            {t('errors.getSupport')}
          </Button>
        </Box>
      </Box>
    </PageContainer>
  );
}

export const Component = NotFoundPage;
