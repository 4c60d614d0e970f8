import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { PageContainer } from '@/components/PageContainer.tsx';
import { earnErrorText } from '../earn-error.ts';

/** A module still loading, or failed to load: Back stays at hand. */
export function PlayerStatus({ error, backTo }: { error: unknown; backTo: string }) {
  const { t } = useTranslation('earn');
  return (
    <PageContainer maxWidth={760}>
      {error ? (
        <>
          <Alert severity="error" sx={{ mb: 2 }}>
            {earnErrorText(error)}
          </Alert>
          <Button
            component={RouterLink}
            to={backTo}
            variant="outlined"
            startIcon={<ArrowBackIcon aria-hidden="true" />}
          >
            {t('player.back')}
          </Button>
        </>
      ) : (
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress aria-label={t('loading')} />
        </Box>
      )}
    </PageContainer>
  );
}
