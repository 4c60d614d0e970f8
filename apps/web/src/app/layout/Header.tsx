import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { MOBILE_MENU_MAX_WIDTH, STICKY_HEADER_SCROLL_PX } from '@bullpen/contract/constants';
import { FrameRing } from '@/components/rewards/FrameRing.tsx';
import { useMyEquipped } from '@/lib/equipped-rewards.ts';
import { type Language, isLanguage } from '@/lib/i18n.ts';
import { useSession } from '@/lib/session.tsx';
import { brand } from '../theme.ts';
import { HeaderMenuButton } from './HeaderMenuButton.tsx';
import { Logo } from './Logo.tsx';
import { MobileDrawer } from './MobileDrawer.tsx';
import { PointsBadge } from './PointsBadge.tsx';
import { headerEntries, isMenuGroup, profileMenu } from './menu-items.ts';

/** A badge's emblem (its icons) loads when the user shows one, not with every page. */
const EquippedBadge = lazy(() =>
  import('@/components/rewards/RewardLooks.tsx').then((module) => ({
    default: module.EquippedBadge,
  })),
);

export const HEADER_HEIGHT = 64;
/**
 * A signed-in header (up to five entries, the points badge and the profile menu) needs about
 * 1000 px on one row in English and 1120 px in Spanish (longer labels: "Presupuesto maestro",
 * "Administración"); below that its entries move into the drawer rather than wrap.
 */
export const SIGNED_IN_DRAWER_BELOW_PX: Record<Language, number> = { en: 1000, es: 1120 };

/**
 * Spec section 2: three menus (logged out, student, teacher). On wide screens the header
 * becomes fixed after ~575 px of scrolling (not on learn-and-earn); under 750 px it is a
 * sticky bar with a drawer. The header is always one row: a signed-in user's menus move into
 * the drawer below 1000 px.
 */
export function Header({ allowFixed }: { allowFixed: boolean }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const mobile = useMediaQuery(`(max-width:${MOBILE_MENU_MAX_WIDTH - 0.05}px)`, { noSsr: true });
  const scrolledPast = useScrollTrigger({
    disableHysteresis: true,
    threshold: STICKY_HEADER_SCROLL_PX,
  });
  const user = session.authorized ? session.user : null;
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const drawerBelow = user ? SIGNED_IN_DRAWER_BELOW_PX[language] : MOBILE_MENU_MAX_WIDTH;
  const narrow = useMediaQuery(`(max-width:${drawerBelow - 0.05}px)`, { noSsr: true });
  // While a stored token is verified, neither menu is shown, so nothing flashes.
  const pending = !user && session.verifying;
  const entries = headerEntries(user, t);
  const profile = user ? profileMenu(user, t) : undefined;
  const fixed = allowFixed && !mobile && scrolledPast;
  // The frame and badge bought on /redeem, shown around and beside the avatar.
  const equipped = useMyEquipped(user?.id).data;
  const avatar = user && (
    <FrameRing slug={equipped?.frame} size={28}>
      <Avatar
        src={user.avatar ?? undefined}
        alt=""
        aria-hidden="true"
        sx={{
          width: 28,
          height: 28,
          fontSize: '0.9rem',
          bgcolor: brand.gold,
          color: brand.navy,
        }}
      >
        {user.username.charAt(0).toUpperCase()}
      </Avatar>
    </FrameRing>
  );

  return (
    <>
      <AppBar
        component="header"
        position={mobile ? 'sticky' : fixed ? 'fixed' : 'static'}
        elevation={fixed ? 4 : 0}
        sx={{
          bgcolor: brand.navy,
          color: '#ffffff',
          '--focus-ring': brand.focusOnDark,
          top: 0,
        }}
      >
        <Toolbar
          sx={{
            minHeight: HEADER_HEIGHT,
            gap: { xs: 1, md: 2 },
            maxWidth: 1200,
            width: '100%',
            mx: 'auto',
            px: { xs: 2, md: 3 },
          }}
        >
          <Logo />
          <Box sx={{ flexGrow: 1 }} />
          {user && <PointsBadge userId={user.id} />}
          {pending ? null : mobile || narrow ? (
            <Box
              component="nav"
              aria-label={t('nav.main')}
              sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
            >
              {(equipped?.frame || equipped?.badge) && (
                <Box
                  data-testid="header-equipped"
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                >
                  {equipped.frame && avatar}
                  {equipped.badge && (
                    <Suspense fallback={null}>
                      <EquippedBadge slug={equipped.badge} size={20} />
                    </Suspense>
                  )}
                </Box>
              )}
              <MobileDrawer entries={entries} profile={profile} />
            </Box>
          ) : (
            <Box
              component="nav"
              aria-label={t('nav.main')}
              sx={{ display: 'flex', flexWrap: 'nowrap', alignItems: 'center', columnGap: 0.5 }}
            >
              {entries.map((entry) =>
                isMenuGroup(entry) ? (
                  <HeaderMenuButton key={entry.label} group={entry} />
                ) : (
                  <Button
                    key={entry.to}
                    component={RouterLink}
                    to={entry.to}
                    color="inherit"
                    sx={{ whiteSpace: 'nowrap', px: 1.25 }}
                  >
                    {entry.label}
                  </Button>
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
            </Box>
          )}
        </Toolbar>
      </AppBar>
      {/* Keeps the page from jumping when the header leaves the flow. */}
      {fixed && <Box aria-hidden="true" sx={{ height: HEADER_HEIGHT }} />}
    </>
  );
}
