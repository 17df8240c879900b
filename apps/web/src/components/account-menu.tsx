import { Avatar, Box, Divider, IconButton, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LocaleRouterLink } from '@/components/app-link';
import { routePath } from '@/config/paths';
import { initials, isAdmin, logout, useAuth } from '@/lib/auth';
import { useLocalePath } from '@/lib/use-locale';

/** Top-bar account menu, shown when a profile is loaded (docs/product.md §2). */
export function AccountMenu() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const queryClient = useQueryClient();
  if (!user) return null;
  const close = () => setAnchor(null);
  const fullName = `${user.profile.firstName} ${user.profile.lastName}`.trim();
  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('topbar.accountMenu')}
        aria-haspopup="menu"
        aria-controls={anchor ? 'account-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        sx={{ p: 0.5 }}
      >
        {/* The darker secondary shade of filled secondary buttons: white on #4E8381 is under WCAG AA. */}
        <Avatar sx={{ bgcolor: '#3d6866', width: 36, height: 36, fontSize: 16 }}>{initials(user)}</Avatar>
      </IconButton>
      <Menu id="account-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <Box sx={{ px: 2, py: 1 }}>
          <Typography fontWeight={600}>{fullName}</Typography>
          <Typography variant="body2" color="text.secondary">
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={LocaleRouterLink} to={routePath('account')} onClick={close}>
          <ListItemText>{t('topbar.myAccount')}</ListItemText>
        </MenuItem>
        {isAdmin(user) && (
          <MenuItem component={LocaleRouterLink} to={routePath('adminDashboard')} onClick={close}>
            <ListItemText>{t('topbar.admin')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            close();
            logout({ onPurpose: true });
            queryClient.clear();
            navigate(localePath(routePath('home')));
          }}
        >
          <ListItemText>{t('topbar.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
