import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_PATH, publicPaths } from '@bullpen/contract/routes';
import styles from './Header.module.css';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#ffd166" />
      <path
        d="M12 46 L26 32 L34 39 L52 18"
        fill="none"
        stroke="#0b2545"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="52" cy="18" r="5" fill="#0b2545" />
    </svg>
  );
}

/** The logo always leads home (spec section 2): the signed-in home for a signed-in user. */
export function Logo({ signedIn = false }: { signedIn?: boolean }) {
  const { t } = useTranslation();
  return (
    <RouterLink
      to={signedIn ? HOME_PATH : publicPaths.home}
      aria-label={t('logoHome')}
      className={styles.logo}
    >
      <LogoMark />
      <span aria-hidden="true">Bullpen</span>
    </RouterLink>
  );
}
