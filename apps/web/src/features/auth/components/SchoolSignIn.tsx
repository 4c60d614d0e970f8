import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { isOidcFailure, type OidcFailure } from '@bullpen/contract/oidc-failures';
import { useOidcProviders } from '../api/oidc-api.ts';
import styles from './SchoolSignIn.module.css';

/**
 * "Sign in with your school account": one button per provider the school configured. Each is
 * a plain link, since the sign-in leaves for the provider's page and comes back to /home.
 */
export function SchoolSignIn() {
  const { t } = useTranslation('auth');
  const { data: providers = [] } = useOidcProviders();
  if (providers.length === 0) return null;
  return (
    <div className={styles.school}>
      <p className={styles.or}>{t('schoolSignIn.or')}</p>
      {providers.map((provider) => (
        <Button
          key={provider.id}
          href={provider.start_url}
          variant="outlined"
          fullWidth
          className={styles.button}
        >
          {provider.name
            ? t('schoolSignIn.buttonNamed', { name: provider.name })
            : t('schoolSignIn.button')}
        </Button>
      ))}
    </div>
  );
}

/** Why the last school sign-in came back refused (`?sso_error=`), said on the login page. */
export function SchoolSignInError({ reason }: { reason: string | null }) {
  const { t } = useTranslation('auth');
  if (!isOidcFailure(reason)) return null;
  const messages: Record<OidcFailure, string> = {
    state: t('schoolSignIn.errors.state'),
    denied: t('schoolSignIn.errors.denied'),
    unavailable: t('schoolSignIn.errors.unavailable'),
    invalid: t('schoolSignIn.errors.invalid'),
    unverified: t('schoolSignIn.errors.unverified'),
    domain: t('schoolSignIn.errors.domain'),
    inactive: t('schoolSignIn.errors.inactive'),
    staff: t('schoolSignIn.errors.staff'),
  };
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      {messages[reason]}
    </Alert>
  );
}
