import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-client.ts';
import { PageContainer } from '@/components/PageContainer.tsx';

/** The loading and error states of a contest page, inside the page frame. */
export function PageState({
  error,
  label,
  children,
}: {
  error?: unknown;
  label?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('contests');
  return (
    <PageContainer>
      {error ? (
        <Alert
          severity="error"
          action={
            <Button component={RouterLink} to="/my-contests?type=private" color="inherit">
              {t('pageState.myContests')}
            </Button>
          }
        >
          {errorText(error)}
        </Alert>
      ) : (
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress aria-label={label ?? t('pageState.loading')} />
        </Box>
      )}
      {children}
    </PageContainer>
  );
}
