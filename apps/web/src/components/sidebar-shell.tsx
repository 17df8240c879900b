import {
  Box,
  Drawer,
  LinearProgress,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Toolbar,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LocaleRouterLink } from '@/components/app-link';
import { TopBar } from '@/components/top-bar';
import { stripLocale } from '@/config/paths';

export const SIDEBAR_WIDTH = 260;

export interface SidebarEntry {
  key: string;
  label: string;
  to: string;
  icon: ReactNode;
  /** Highlight only on an exact match (dashboards). */
  exact?: boolean;
}

/** Layout frame of admin and backoffice: top bar, a sidebar (permanent from 960 px, temporary below) and the page. */
export function SidebarShell({
  entries,
  header,
  navLabel,
  children,
}: {
  entries: SidebarEntry[];
  header?: ReactNode;
  navLabel: string;
  children: ReactNode;
}) {
  const theme = useTheme();
  const { t } = useTranslation();
  // Read at the first render (no server render to match): a desktop's menu is open from the start,
  // instead of sliding in after a first render as a closed phone menu.
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [open, setOpen] = useState(desktop);
  const location = useLocation();
  const current = stripLocale(location.pathname);

  useEffect(() => setOpen(desktop), [desktop]);

  const drawer = (
    <Box component="nav" aria-label={navLabel} sx={{ width: SIDEBAR_WIDTH }}>
      {/* The top bar lies over the drawer at every width (it keeps the toggle reachable): start below it. */}
      <Toolbar />
      {header}
      {/* Links in a nav, not list items: a <ul> may only hold <li> (axe `list`). */}
      <List component="div">
        {entries.map((entry) => {
          const selected = entry.exact
            ? current === entry.to
            : current === entry.to || current.startsWith(`${entry.to}/`);
          return (
            <ListItemButton
              key={entry.key}
              component={LocaleRouterLink}
              to={entry.to}
              selected={selected}
              aria-current={selected ? 'page' : undefined}
              onClick={() => !desktop && setOpen(false)}
            >
              <ListItemIcon>{entry.icon}</ListItemIcon>
              <ListItemText primary={entry.label} />
            </ListItemButton>
          );
        })}
      </List>
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar
        onToggleSidebar={() => setOpen((value) => !value)}
        sidebarOpen={open}
        sidebarId="app-sidebar"
        position="fixed"
      />
      <Drawer
        id="app-sidebar"
        variant={desktop ? 'persistent' : 'temporary'}
        open={open}
        onClose={() => setOpen(false)}
        // On a phone the drawer is a modal dialog: it is named like the menu it holds.
        slotProps={{ paper: desktop ? {} : { 'aria-label': navLabel } }}
        sx={{
          width: desktop && open ? SIDEBAR_WIDTH : 0,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH },
        }}
      >
        {drawer}
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 } }}>
        <Toolbar />
        <Suspense fallback={<LinearProgress aria-label={t('loading')} />}>{children}</Suspense>
      </Box>
    </Box>
  );
}
