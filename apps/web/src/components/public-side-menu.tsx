import { Box, Drawer, List, ListItemButton, ListItemText } from '@mui/material';
import type { User } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { LocaleRouterLink } from '@/components/app-link';
import { routePath } from '@/config/paths';
import { isAdmin, useAuth } from '@/lib/auth';

export type PublicMenuKey =
  | 'giveTip'
  | 'listener'
  | 'maker'
  | 'order'
  | 'information'
  | 'myAccount'
  | 'login'
  | 'admin'
  | 'myPodpot';

export interface PublicMenuEntry {
  key: PublicMenuKey;
  to: string;
}

/** The entries of the public side menu (spec §2), in order, for this visitor. */
export function publicMenuEntries(user: User | null, loggedIn: boolean): PublicMenuEntry[] {
  const entries: PublicMenuEntry[] = [
    { key: 'giveTip', to: '/' },
    { key: 'listener', to: '/#podcastluisteraar' },
    { key: 'maker', to: routePath('podcastmaker') },
    { key: 'order', to: `${routePath('podcastmaker')}#order` },
    { key: 'information', to: routePath('support') },
  ];
  entries.push(loggedIn ? { key: 'myAccount', to: routePath('account') } : { key: 'login', to: routePath('login') });
  if (isAdmin(user)) entries.push({ key: 'admin', to: routePath('adminDashboard') });
  // Tip jar admins who are not admins: to the backoffice of their first tip jar.
  if (user && !isAdmin(user) && user.tipjars.length > 0) {
    const slug = user.tipjars[0]?.slug ?? '';
    entries.push({
      key: 'myPodpot',
      to: slug ? routePath('backofficeDashboard', { tipjarslug: slug }) : routePath('backofficeIndex'),
    });
  }
  return entries;
}

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
    >
      <Box component="nav" aria-label={t('nav.label')} sx={{ width: 280 }}>
        <List>
          {publicMenuEntries(user, loggedIn).map((entry) => (
            <ListItemButton key={entry.key} component={LocaleRouterLink} to={entry.to} onClick={onClose}>
              <ListItemText primary={t(`nav.${entry.key}`)} />
            </ListItemButton>
          ))}
        </List>
      </Box>
    </Drawer>
  );
}
