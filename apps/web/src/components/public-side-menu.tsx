import { Box, Drawer, List, ListItem, ListItemButton, ListItemText, Toolbar } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LocaleRouterLink } from '@/components/app-link';
import { publicMenuEntries } from '@/components/public-menu-entries';
import { useAuth } from '@/lib/auth';

export { type PublicMenuEntry, type PublicMenuKey, publicMenuEntries } from '@/components/public-menu-entries';

export function PublicSideMenu({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { user, loggedIn } = useAuth();
  return (
    <Drawer
      id={id}
      anchor="right"
      variant="temporary"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: false }}
      // The drawer is a modal dialog: it is named like the menu it holds.
      slotProps={{ paper: { 'aria-label': t('nav.label') } }}
    >
      <Box component="nav" aria-label={t('nav.label')} sx={{ width: 280 }}>
        {/* The top bar (with this menu's toggle) lies over the drawer: the entries start below it. */}
        <Toolbar />
        <List>
          {publicMenuEntries(user, loggedIn).map((entry) => (
            <ListItem key={entry.key} disablePadding>
              <ListItemButton component={LocaleRouterLink} to={entry.to} onClick={onClose}>
                <ListItemText primary={t(`nav.${entry.key}`)} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
    </Drawer>
  );
}
