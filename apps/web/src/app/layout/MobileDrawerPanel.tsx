import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import CloseIcon from '@mui/icons-material/Close';
import { LanguageSwitch } from '@/components/LanguageSwitch.tsx';
import { isMenuGroup } from './menu-items.ts';
import type { HeaderEntry, MenuGroup } from './menu-items.ts';

/** The drawer of MobileDrawer, loaded on its first open. */
export default function MobileDrawerPanel({
  open,
  onClose,
  groups,
}: {
  open: boolean;
  onClose: () => void;
  groups: (HeaderEntry | MenuGroup)[];
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: { sx: { width: 'min(320px, 88vw)' }, 'aria-label': t('nav.siteMenu') },
        // It mounts open on the first click: slide in then too.
        transition: { appear: true },
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
        <IconButton aria-label={t('nav.closeMenu')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box component="nav" aria-label={t('nav.drawer')}>
        <List>
          {groups.map((entry) =>
            isMenuGroup(entry) ? (
              <Fragment key={entry.label}>
                <ListSubheader disableSticky sx={{ color: 'text.secondary', fontWeight: 700 }}>
                  {entry.label}
                </ListSubheader>
                {entry.items.map((item) => (
                  <ListItem key={item.to} disablePadding>
                    <ListItemButton
                      component={RouterLink}
                      to={item.to}
                      onClick={onClose}
                      sx={{ pl: 4 }}
                    >
                      <ListItemText primary={item.label} />
                    </ListItemButton>
                  </ListItem>
                ))}
              </Fragment>
            ) : (
              <ListItem key={entry.to} disablePadding>
                <ListItemButton component={RouterLink} to={entry.to} onClick={onClose}>
                  <ListItemText primary={entry.label} />
                </ListItemButton>
              </ListItem>
            ),
          )}
        </List>
      </Box>
      {/* The profile menu's language choice, as the drawer replaces that menu on a phone. */}
      <Divider />
      <Box sx={{ px: 2, py: 2 }}>
        <LanguageSwitch />
      </Box>
    </Drawer>
  );
}
