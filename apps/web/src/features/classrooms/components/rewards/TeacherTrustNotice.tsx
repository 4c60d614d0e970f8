import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { publicPaths } from '@bullpen/contract/routes';

/**
 * Shown to a teacher whose account waits for approval, where they would award points or
 * define rewards: why they cannot yet, and how to be trusted (docs/decisions/028).
 */
export function TeacherTrustNotice() {
  const { t } = useTranslation('redeem');
  return (
    <Alert severity="info" data-testid="teacher-trust-notice" sx={{ mb: 3, maxWidth: '70ch' }}>
      <AlertTitle component="p" sx={{ fontWeight: 700 }}>
        {t('trust.title')}
      </AlertTitle>
      {t('trust.text')}{' '}
      <Link component={RouterLink} to={publicPaths.support}>
        {t('trust.ask')}
      </Link>
    </Alert>
  );
}
