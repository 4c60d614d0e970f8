import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import { publicPaths } from '@bullpen/contract/routes';
import { needsEmailVerification } from '@bullpen/contract/user-email';
import { useSession } from '@/lib/session.tsx';

/**
 * Says what a signed-in user with an unverified address may not do yet; nothing otherwise (nor
 * for an account without an address, which has nothing to verify).
 */
export function UnverifiedEmailNote({ sx }: { sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user || !needsEmailVerification(user)) return null;
  return (
    <Alert severity="info" sx={sx}>
      {t('unverified.limits')}{' '}
      <Link component={RouterLink} to={publicPaths.emailVerification}>
        {t('unverified.resend')}
      </Link>
      .
    </Alert>
  );
}
