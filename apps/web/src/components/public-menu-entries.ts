import type { User } from '@podpot/domain';
import { routePath } from '@/config/paths';
import { isAdmin } from '@/lib/auth';

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

/** The entries of the public side menu (docs/product.md §2), in order, for this visitor. */
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
