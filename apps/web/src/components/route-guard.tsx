import { LinearProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { LOGIN_PATH, localeFromPath, localizePath, type RouteAccess } from '@/config/paths';
import { type AuthState, isAdmin, useAuth } from '@/lib/auth';

/**
 * Where a visitor must go instead of this route, or null to let them in.
 * - needs login and not logged in → the login page with `redirect` back here, or '/' when the user
 *   logged out themselves (there is nothing to come back to);
 * - admin route and the user is not ADMIN → '/' (docs/product.md §5 admin route guard);
 * - admin route and an ADMIN without two-step login → their account page, to set it up (decision 036).
 */
export function guardRedirect(
  access: RouteAccess,
  auth: Pick<AuthState, 'user' | 'loggedIn' | 'leftOnPurpose'>,
  location: { pathname: string; search?: string },
): string | null {
  if (access === 'public') return null;
  const locale = localeFromPath(location.pathname);
  if (!auth.loggedIn || !auth.user) {
    if (auth.leftOnPurpose) return localizePath('/', locale);
    const back = location.pathname + (location.search ?? '');
    return `${localizePath(LOGIN_PATH, locale)}?redirect=${encodeURIComponent(back)}`;
  }
  if (access === 'admin' && !isAdmin(auth.user)) return localizePath('/', locale);
  // An admin acts as one only with two-step login (decision 036): set it up first.
  if (access === 'admin' && !auth.user.twoStepEnabled) return `${localizePath('/account', locale)}?twoStep=required`;
  return null;
}

export function RequireAccess({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const { t } = useTranslation();
  if (access === 'public') return children;
  if (auth.loading) return <LinearProgress aria-label={t('loading')} />;
  const target = guardRedirect(access, auth, location);
  return target ? <Navigate to={target} replace /> : children;
}
