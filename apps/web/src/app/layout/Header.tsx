import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MOBILE_MENU_MAX_WIDTH, STICKY_HEADER_SCROLL_PX } from '@bullpen/contract/constants';
import { FrameRing } from '@/components/rewards/FrameRing.tsx';
import { useMyEquipped } from '@/lib/equipped-rewards.ts';
import { type Language, isLanguage } from '@/lib/i18n.ts';
import { useMediaQuery, useScrolledPast } from '@/lib/use-media-query.ts';
import { useSession } from '@/lib/session.tsx';
import { HeaderMenuButton } from './HeaderMenuButton.tsx';
import { Logo } from './Logo.tsx';
import { MobileDrawer } from './MobileDrawer.tsx';
import { PointsBadge } from './PointsBadge.tsx';
import { NotificationsBell } from '@/features/notifications/components/NotificationsBell.tsx';
import { headerEntries, isMenuGroup, profileMenu } from './menu-items.ts';
import styles from './Header.module.css';

/** A badge's emblem (its icons) loads when the user shows one, not with every page. */
const EquippedBadge = lazy(() =>
  import('@/components/rewards/RewardLooks.tsx').then((module) => ({
    default: module.EquippedBadge,
  })),
);

/**
 * A signed-in header (up to five entries, the points badge, the bell and the profile menu)
 * needs about 1050 px on one row in English and 1170 px in Spanish (longer labels:
 * "Presupuesto maestro", "Administración"); below that its entries move into the drawer
 * rather than wrap.
 */
export const SIGNED_IN_DRAWER_BELOW_PX: Record<Language, number> = { en: 1050, es: 1170 };

/** The user's picture, or the first letter of their name where there is none or it fails to load. */
function HeaderAvatar({ src, name }: { src: string | null; name: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = src !== null && src !== failedSrc;
  return (
    <span className={styles.avatar} aria-hidden="true">
      {showImage ? (
        <img src={src} alt="" onError={() => setFailedSrc(src)} />
      ) : (
        name.charAt(0).toUpperCase()
      )}
    </span>
  );
}

/**
 * Spec section 2: three menus (logged out, student, teacher). On wide screens the header
 * becomes fixed after ~575 px of scrolling (not on learn-and-earn); under 750 px it is a
 * sticky bar with a drawer. The header is always one row: a signed-in user's menus move into
 * the drawer below 1000 px.
 */
export function Header({ allowFixed }: { allowFixed: boolean }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const mobile = useMediaQuery(`(max-width:${MOBILE_MENU_MAX_WIDTH - 0.05}px)`);
  const scrolledPast = useScrolledPast(STICKY_HEADER_SCROLL_PX);
  // An account waiting for a parent's consent gets no menus: nothing behind them would open.
  const user = session.authorized && !session.user?.awaiting_parent_consent ? session.user : null;
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const drawerBelow = user ? SIGNED_IN_DRAWER_BELOW_PX[language] : MOBILE_MENU_MAX_WIDTH;
  const narrow = useMediaQuery(`(max-width:${drawerBelow - 0.05}px)`);
  // While a stored token is verified, neither menu is shown, so nothing flashes.
  const pending = !user && session.verifying;
  const entries = headerEntries(user, t);
  const profile = user ? profileMenu(user, t) : undefined;
  const fixed = allowFixed && !mobile && scrolledPast;
  // The frame and badge bought on /redeem, shown around and beside the avatar.
  const equipped = useMyEquipped(user?.id).data;
  const avatar = user && (
    <FrameRing slug={equipped?.frame} size={28}>
      <HeaderAvatar src={user.avatar ?? null} name={user.username} />
    </FrameRing>
  );
  const position = mobile ? styles.sticky : fixed ? styles.fixed : styles.static;

  return (
    <>
      <header className={`${styles.bar} ${position}`}>
        <div className={styles.toolbar}>
          <Logo signedIn={user !== null} />
          <div className={styles.spacer} />
          {user && <PointsBadge userId={user.id} />}
          {user && <NotificationsBell userId={user.id} />}
          {pending ? null : mobile || narrow ? (
            <nav aria-label={t('nav.main')} className={styles.nav}>
              {(equipped?.frame || equipped?.badge) && (
                <span data-testid="header-equipped" className={styles.equipped}>
                  {equipped.frame && avatar}
                  {equipped.badge && (
                    <Suspense fallback={null}>
                      <EquippedBadge slug={equipped.badge} size={20} />
                    </Suspense>
                  )}
                </span>
              )}
              <MobileDrawer entries={entries} profile={profile} />
            </nav>
          ) : (
            <nav aria-label={t('nav.main')} className={styles.wideNav}>
              {entries.map((entry) =>
                isMenuGroup(entry) ? (
                  <HeaderMenuButton key={entry.label} group={entry} />
                ) : (
                  <RouterLink key={entry.to} to={entry.to} className={styles.button}>
                    {entry.label}
                  </RouterLink>
                ),
              )}
              {user && profile && equipped?.badge && (
                <Suspense fallback={null}>
                  <EquippedBadge slug={equipped.badge} size={22} />
                </Suspense>
              )}
              {user && profile && (
                <HeaderMenuButton group={profile} truncate languageItems startIcon={avatar} />
              )}
            </nav>
          )}
        </div>
      </header>
      {fixed && <div aria-hidden="true" className={styles.placeholder} />}
    </>
  );
}
