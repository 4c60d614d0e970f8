import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import IconButton from '@mui/material/IconButton';
import MenuIcon from '@mui/icons-material/Menu';
import type { HeaderEntry, MenuGroup } from './menu-items.ts';

/** The drawer (MUI's Drawer, Modal and lists) loads on the first open, not with every page. */
const MobileDrawerPanel = lazy(() => import('./MobileDrawerPanel.tsx'));

/**
 * The hamburger and its drawer. The drawer remembers the location it was opened at, so it is
 * closed by every route change without an effect.
 */
export function MobileDrawer({
  entries,
  profile,
}: {
  entries: HeaderEntry[];
  profile?: MenuGroup;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === location.key;
  // Mounted from the first open on, so it closes with its transition.
  const [panelLoaded, setPanelLoaded] = useState(false);
  const close = () => setOpenedAt(null);
  const groups = profile ? [...entries, profile] : entries;

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('nav.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open ? 'true' : 'false'}
        onClick={() => {
          setPanelLoaded(true);
          setOpenedAt(location.key);
        }}
        edge="end"
      >
        <MenuIcon />
      </IconButton>
      {panelLoaded && (
        <Suspense fallback={null}>
          <MobileDrawerPanel open={open} onClose={close} groups={groups} />
        </Suspense>
      )}
    </>
  );
}
