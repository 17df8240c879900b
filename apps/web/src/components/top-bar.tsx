import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Button, IconButton, Toolbar } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AccountMenu } from '@/components/account-menu';
import { LocaleRouterLink } from '@/components/app-link';
import { LanguageSwitch } from '@/components/language-switch';
import { Logo } from '@/components/logo';
import { routePath, stripLocale } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useLocalePath } from '@/lib/use-locale';

interface TopBarProps {
  onToggleSidebar: () => void;
  sidebarOpen: boolean;
  sidebarId: string;
  /** The public side menu opens from the right, so its toggle sits at the end. */
  togglePosition?: 'start' | 'end';
  position?: 'fixed' | 'sticky';
  children?: ReactNode;
}

/** Top bar (docs/product.md §2): sidebar toggle, 'terug' back button, logo home (hidden on home), account menu. */
export function TopBar({
  onToggleSidebar,
  sidebarOpen,
  sidebarId,
  togglePosition = 'start',
  position = 'sticky',
}: TopBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const localePath = useLocalePath();
  const { user } = useAuth();
  const isHome = stripLocale(location.pathname) === '/';

  const toggle = (
    <IconButton
      color="inherit"
      edge={togglePosition}
      onClick={onToggleSidebar}
      aria-label={t('topbar.toggleSidebar')}
      aria-controls={sidebarId}
      aria-expanded={sidebarOpen}
    >
      <MenuIcon />
    </IconButton>
  );

  return (
    <AppBar
      position={position}
      color="default"
      elevation={1}
      sx={{ bgcolor: 'background.paper', zIndex: (theme) => theme.zIndex.drawer + 1 }}
    >
      <Toolbar sx={{ gap: 1 }}>
        {togglePosition === 'start' && toggle}
        <Button
          color="inherit"
          startIcon={<ArrowBackIcon />}
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(localePath(routePath('home'))))}
        >
          {t('topbar.back')}
        </Button>
        {!isHome && (
          <Box
            component={LocaleRouterLink}
            to={routePath('home')}
            aria-label={t('topbar.home')}
            sx={{ display: 'flex', color: 'text.primary', ml: 1 }}
          >
            <Logo />
          </Box>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <LanguageSwitch />
        {user ? (
          <AccountMenu />
        ) : (
          <Button
            component={LocaleRouterLink}
            to={routePath('login')}
            color="inherit"
            sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
          >
            {t('nav.login')}
          </Button>
        )}
        {togglePosition === 'end' && toggle}
      </Toolbar>
    </AppBar>
  );
}
