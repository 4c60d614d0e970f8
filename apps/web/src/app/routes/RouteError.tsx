import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PageContainer } from '@/components/PageContainer.tsx';

/** Shown when a route fails to load or render (for example a chunk missing after a deploy). */
export function RouteError() {
  const { t } = useTranslation(['common', 'validation']);
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main>
      <PageContainer maxWidth={720}>
        <Typography variant="h1" sx={{ mb: 2 }}>
          {t('errors.routeTitle')}
        </Typography>
        <Alert severity="error" sx={{ mb: 3 }}>
          {t('unknownError', { ns: 'validation' })}
          {detail ? ` (${detail})` : null}
        </Alert>
        <Button variant="contained" href="/public/home">
          {t('errors.goHome')}
        </Button>
      </PageContainer>
    </main>
  );
}
