import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PathIcon } from '@/components/PathIcon.tsx';
import type { HeaderEntry, MenuGroup } from './menu-items.ts';
import styles from './Header.module.css';

/** The drawer (MUI's Drawer, Modal and lists) loads on the first open, not with every page. */
const MobileDrawerPanel = lazy(() => import('./MobileDrawerPanel.tsx'));

/** Material Icons' Menu (Apache License 2.0), as `@mui/icons-material` ships it. */
const MENU = ['M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z'];

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
      <button
        type="button"
        className={styles.iconButton}
        aria-label={t('nav.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open ? 'true' : 'false'}
        onClick={() => {
          setPanelLoaded(true);
          setOpenedAt(location.key);
        }}
      >
        <PathIcon paths={MENU} />
      </button>
      {panelLoaded && (
        <Suspense fallback={null}>
          <MobileDrawerPanel open={open} onClose={close} groups={groups} />
        </Suspense>
      )}
    </>
  );
}
