import { Link as RouterLink } from 'react-router';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LanguageMenuItems } from '@/components/LanguageMenuItems.tsx';
import type { MenuGroup } from './menu-items.ts';

/** The menu of a HeaderMenuButton, loaded on its first open. */
export default function HeaderMenu({
  id,
  buttonId,
  anchor,
  items,
  onClose,
  languageItems = false,
}: {
  id: string;
  buttonId: string;
  anchor: HTMLElement | null;
  items: MenuGroup['items'];
  onClose: () => void;
  languageItems?: boolean;
}) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      transformOrigin={{ vertical: 'top', horizontal: 'left' }}
      slotProps={{ list: { 'aria-labelledby': buttonId } }}
    >
      {items.map((item) => (
        <MenuItem key={item.to} component={RouterLink} to={item.to} onClick={onClose}>
          {item.label}
        </MenuItem>
      ))}
      {languageItems && <Divider />}
      {languageItems && <LanguageMenuItems onChosen={onClose} />}
    </Menu>
  );
}
