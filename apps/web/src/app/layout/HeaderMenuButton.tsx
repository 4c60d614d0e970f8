import { Suspense, lazy, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { PathIcon } from '@/components/PathIcon.tsx';
import type { MenuGroup } from './menu-items.ts';
import styles from './Header.module.css';

/** The menu (MUI's Menu, Popover and Modal) loads on the first open, not with every page. */
const HeaderMenu = lazy(() => import('./HeaderMenu.tsx'));

/** Material Icons' ExpandMore (Apache License 2.0), as `@mui/icons-material` ships it. */
const EXPAND_MORE = ['M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z'];

/** A header button opening a menu of links (keyboard: Enter/Space/ArrowDown, Esc closes). */
export function HeaderMenuButton({
  group,
  startIcon,
  truncate = false,
  languageItems = false,
}: {
  group: MenuGroup;
  startIcon?: ReactNode;
  /** The language choice after the links (the profile menu). */
  languageItems?: boolean;
  /** A long label (a username) ends in "…" rather than widening the header. */
  truncate?: boolean;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first open on, so it closes with its transition.
  const [menuLoaded, setMenuLoaded] = useState(false);
  const openAt = (element: HTMLElement) => {
    setMenuLoaded(true);
    setAnchor(element);
  };
  const id = useId();
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;
  const open = anchor !== null;

  return (
    <>
      <button
        type="button"
        id={buttonId}
        className={styles.button}
        aria-haspopup="menu"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => openAt(event.currentTarget)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            openAt(event.currentTarget);
          }
        }}
      >
        {startIcon && <span className={styles.startIcon}>{startIcon}</span>}
        {truncate ? (
          <span title={group.label} className={styles.truncate}>
            {group.label}
          </span>
        ) : (
          group.label
        )}
        <span className={styles.endIcon}>
          <PathIcon paths={EXPAND_MORE} />
        </span>
      </button>
      {menuLoaded && (
        <Suspense fallback={null}>
          <HeaderMenu
            id={menuId}
            buttonId={buttonId}
            anchor={anchor}
            items={group.items}
            onClose={() => setAnchor(null)}
            languageItems={languageItems}
          />
        </Suspense>
      )}
    </>
  );
}
