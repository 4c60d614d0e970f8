import { Navigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { NOT_FOUND_PATH } from '@bullpen/contract/routes';
import { PageContainer } from '@/components/PageContainer.tsx';
import { ApiError, errorText } from '@/lib/api-client.ts';

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** A learn page still loading, or failed: a missing course, lesson or article is the 404 page. */
export function PageStatus({ error }: { error?: unknown }) {
  const { t } = useTranslation('learn');
  if (error && isNotFound(error)) return <Navigate to={NOT_FOUND_PATH} replace />;
  return (
    <PageContainer>
      {error ? (
        <Alert severity="error">{errorText(error)}</Alert>
      ) : (
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress aria-label={t('loading')} />
        </Box>
      )}
    </PageContainer>
  );
}
