import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { MenuGroup } from './menu-items.ts';

/** A header button opening a menu of links (keyboard: Enter/Space/ArrowDown, Esc closes). */
export function HeaderMenuButton({
  group,
  startIcon,
  truncate = false,
  extraItems,
}: {
  group: MenuGroup;
  startIcon?: ReactNode;
  /** Items after the links (the profile menu's language choice); `close` closes the menu. */
  extraItems?: (close: () => void) => ReactNode;
  /** A long label (a username) ends in "…" rather than widening the header. */
  truncate?: boolean;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
        onClick={(event) => setAnchor(event.currentTarget)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setAnchor(event.currentTarget);
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
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {group.items.map((item) => (
          <MenuItem
            key={item.to}
            component={RouterLink}
            to={item.to}
            onClick={() => setAnchor(null)}
          >
            {item.label}
          </MenuItem>
        ))}
        {extraItems && <Divider />}
        {extraItems?.(() => setAnchor(null))}
      </Menu>
    </>
  );
}
