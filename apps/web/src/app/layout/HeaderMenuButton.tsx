import { Suspense, lazy, useId, useState } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { MenuGroup } from './menu-items.ts';

/** The menu (MUI's Menu, Popover and Modal) loads on the first open, not with every page. */
const HeaderMenu = lazy(() => import('./HeaderMenu.tsx'));

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
      <Button
        id={buttonId}
        color="inherit"
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
        startIcon={startIcon}
        endIcon={<ExpandMoreIcon aria-hidden="true" />}
        sx={{ whiteSpace: 'nowrap', px: 1.25 }}
      >
        {truncate ? (
          <Box
            component="span"
            title={group.label}
            sx={{ maxWidth: '10em', overflow: 'hidden', textOverflow: 'ellipsis' }}
          >
            {group.label}
          </Box>
        ) : (
          group.label
        )}
      </Button>
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
