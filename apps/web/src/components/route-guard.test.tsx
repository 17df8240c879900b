import type { User } from '@podpot/domain';
import { screen } from '@testing-library/dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { publicMenuEntries } from '@/components/public-side-menu';
import { guardRedirect, RequireAccess } from '@/components/route-guard';
import { render } from '@/test/render';

const user = (role: 'ADMIN' | 'USER', tipjars: { slug: string }[] = []): User => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'an@example.com',
  role,
  locale: 'nl',
  profile: { firstName: 'An', lastName: 'Bakker', phoneNumber: null },
  address: null,
  tipjars: tipjars.map((t, i) => ({ id: `00000000-0000-4000-8000-00000000001${i}`, slug: t.slug, name: t.slug })),
  created: '2026-01-01T00:00:00Z',
  twoStepEnabled: true,
  emailVerified: true,
  archivedAt: null,
});

describe('guardRedirect', () => {
  it('lets anyone into public routes', () => {
    expect(guardRedirect('public', { user: null, loggedIn: false }, { pathname: '/faq' })).toBeNull();
  });

  it('sends visitors to /login with a redirect back', () => {
    expect(guardRedirect('user', { user: null, loggedIn: false }, { pathname: '/account', search: '?x=1' })).toBe(
      '/login?redirect=%2Faccount%3Fx%3D1',
    );
    expect(guardRedirect('admin', { user: null, loggedIn: false }, { pathname: '/nl/admin' })).toBe(
      '/nl/login?redirect=%2Fnl%2Fadmin',
    );
  });

  it('sends someone who logged out themselves home, not to the login form', () => {
    const left = { user: null, loggedIn: false, leftOnPurpose: true };
    expect(guardRedirect('user', left, { pathname: '/account' })).toBe('/');
    expect(guardRedirect('user', left, { pathname: '/nl/account' })).toBe('/nl');
  });

  it('redirects a non-admin away from admin routes to /', () => {
    expect(guardRedirect('admin', { user: user('USER'), loggedIn: true }, { pathname: '/admin/users' })).toBe('/');
    expect(guardRedirect('admin', { user: user('USER'), loggedIn: true }, { pathname: '/nl/admin' })).toBe('/nl');
    expect(guardRedirect('admin', { user: user('ADMIN'), loggedIn: true }, { pathname: '/admin' })).toBeNull();
    expect(guardRedirect('user', { user: user('USER'), loggedIn: true }, { pathname: '/account' })).toBeNull();
  });

  it('sends an admin without two-step login to set it up on the account page (decision 036)', () => {
    const pending = { ...user('ADMIN'), twoStepEnabled: false };
    expect(guardRedirect('admin', { user: pending, loggedIn: true }, { pathname: '/admin/users' })).toBe(
      '/account?twoStep=required',
    );
    expect(guardRedirect('admin', { user: pending, loggedIn: true }, { pathname: '/nl/admin' })).toBe(
      '/nl/account?twoStep=required',
    );
    expect(guardRedirect('user', { user: pending, loggedIn: true }, { pathname: '/account' })).toBeNull();
  });

  it('RequireAccess renders the redirect for a logged-out visitor', async () => {
    const router = createMemoryRouter(
      [
        { path: '/admin', element: <RequireAccess access="admin">secret</RequireAccess> },
        { path: '/login', element: <p>login page</p> },
      ],
      { initialEntries: ['/admin'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(screen.queryByText('secret')).toBeNull();
    expect(router.state.location.search).toBe('?redirect=%2Fadmin');
  });
});

describe('public side menu entries', () => {
  const keys = (u: User | null, loggedIn: boolean) => publicMenuEntries(u, loggedIn).map((e) => e.key);

  it('shows Inloggen to visitors, Mijn Account to users', () => {
    expect(keys(null, false)).toEqual(['giveTip', 'listener', 'maker', 'order', 'information', 'login']);
    expect(keys(user('USER'), true)).toEqual(['giveTip', 'listener', 'maker', 'order', 'information', 'myAccount']);
  });

  it('shows Beheer to admins and Mijn Podpot to tip jar admins who are not admins', () => {
    expect(keys(user('ADMIN', [{ slug: 'x' }]), true)).toContain('admin');
    expect(keys(user('ADMIN', [{ slug: 'x' }]), true)).not.toContain('myPodpot');
    const entries = publicMenuEntries(user('USER', [{ slug: 'my-pod' }, { slug: 'other' }]), true);
    expect(entries.find((e) => e.key === 'myPodpot')?.to).toBe('/backoffice/my-pod');
    expect(entries.find((e) => e.key === 'listener')?.to).toBe('/#podcastluisteraar');
    expect(entries.find((e) => e.key === 'order')?.to).toBe('/podcastmaker#order');
  });
});
