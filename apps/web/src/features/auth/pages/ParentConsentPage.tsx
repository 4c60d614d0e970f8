import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { errorText } from '@/lib/api-client.ts';
import { translateMessage } from '@/lib/translate-message.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useConsentRequest, useDecideConsent } from '../api/consent-api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { authMessageSources } from '../components/auth-messages.ts';

const say = (text: string) => translateMessage(text, authMessageSources);

function Decide({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const request = useConsentRequest(token);
  const decide = useDecideConsent(token);

  if (decide.isSuccess) {
    return (
      <AuthCard title={t('parentConsent.doneTitle')}>
        <Alert severity="success">{say(decide.data.detail)}</Alert>
      </AuthCard>
    );
  }
  if (request.isPending) {
    return (
      <AuthCard title={t('parentConsent.title')}>
        <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden="true" />
          <Typography>{t('parentConsent.loading')}</Typography>
        </Box>
      </AuthCard>
    );
  }
  if (request.isError) {
    return (
      <AuthCard title={t('parentConsent.title')}>
        <Alert severity="error">{say(errorText(request.error))}</Alert>
      </AuthCard>
    );
  }
  const name = request.data.child_first_name;
  return (
    <AuthCard title={t('parentConsent.title')} maxWidth={640}>
      <Typography sx={{ mb: 2 }}>{t('parentConsent.asked', { name })}</Typography>
      <Typography sx={{ mb: 2 }}>{t('parentConsent.collected')}</Typography>
      <Typography sx={{ mb: 2 }}>{t('parentConsent.notCollected')}</Typography>
      <Typography sx={{ mb: 2 }}>{t('parentConsent.rights')}</Typography>
      <Typography sx={{ mb: 3 }}>{t('parentConsent.expiry')}</Typography>
      {decide.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {say(errorText(decide.error))}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="contained"
          onClick={() => decide.mutate('grant')}
          disabled={decide.isPending}
        >
          {t('parentConsent.grant')}
        </Button>
        <Button
          variant="outlined"
          color="error"
          onClick={() => decide.mutate('refuse')}
          disabled={decide.isPending}
        >
          {t('parentConsent.refuse')}
        </Button>
      </Box>
    </AuthCard>
  );
}

/** The page a parent's mailed link opens: the notice, then consent or refusal, once. */
export function ParentConsentPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('parentConsent.pageTitle'));
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) {
    return (
      <AuthCard title={t('parentConsent.title')}>
        <Alert severity="error">{t('messages.linkInvalid')}</Alert>
      </AuthCard>
    );
  }
  return <Decide key={token} token={token} />;
}

export const Component = ParentConsentPage;
