import { screen, waitFor } from '@testing-library/dom';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createRoutes } from '@/app/router';
import { isReservedSlug, localizePath, RESERVED_SLUGS } from '@/config/paths';
import { buildLangCookie, LANG_COOKIE_DAYS, readLangCookie, rootLocaleRedirect } from '@/lib/locale';
import { render } from '@/test/render';

/** Every route of docs/product.md §2, as a sample URL, with the page it must reach. */
const SPEC_ROUTES: [string, string][] = [
  ['/', 'home'],
  ['/about', 'about'],
  ['/faq', 'faq'],
  ['/privacy', 'privacy'],
  ['/support', 'support'],
  ['/termsofuse', 'termsofuse'],
  ['/thankyou', 'thankyou'],
  ['/login', 'login'],
  ['/register', 'register'],
  ['/password-recovery', 'passwordRecovery'],
  ['/password-reset', 'passwordReset'],
  ['/podcastmaker', 'podcastmaker'],
  ['/order', 'order'],
  ['/account', 'account'],
  ['/account/recurringtips', 'accountRecurringtips'],
  ['/account/recurringtips/rt-1', 'accountRecurringtips'],
  ['/my-podcast', 'storefront'],
  ['/admin', 'adminDashboard'],
  ['/admin/audit', 'adminAudit'],
  ['/admin/faqitems', 'adminFaqitems'],
  ['/admin/faqitems/f1', 'adminFaqitem'],
  ['/admin/invoices', 'adminInvoices'],
  ['/admin/invoices/i1', 'adminInvoice'],
  ['/admin/money', 'adminMoney'],
  ['/admin/paymentmethods', 'adminPaymentmethods'],
  ['/admin/paymentmethods/p1', 'adminPaymentmethod'],
  ['/admin/recurringtips', 'adminRecurringtips'],
  ['/admin/settlements', 'adminSettlements'],
  ['/admin/tipjars', 'adminTipjars'],
  ['/admin/tipjars/t1', 'adminTipjar'],
  ['/admin/tips', 'adminTips'],
  ['/admin/users', 'adminUsers'],
  ['/admin/users/u1', 'adminUser'],
  ['/backoffice', 'backofficeIndex'],
  ['/backoffice/my-podcast', 'backofficeDashboard'],
  ['/backoffice/my-podcast/bonus', 'backofficeBonus'],
  ['/backoffice/my-podcast/history', 'backofficeHistory'],
  ['/backoffice/my-podcast/invoices', 'backofficeInvoices'],
  ['/backoffice/my-podcast/invoices/i1', 'backofficeInvoice'],
  ['/backoffice/my-podcast/recurringtips', 'backofficeRecurringtips'],
  ['/backoffice/my-podcast/registration', 'backofficeRegistration'],
  ['/backoffice/my-podcast/settings', 'backofficeSettings'],
  ['/backoffice/my-podcast/settlements', 'backofficeSettlements'],
  ['/backoffice/my-podcast/share', 'backofficeShare'],
  ['/backoffice/my-podcast/tips', 'backofficeTips'],
  ['/backoffice/my-podcast/webhooks', 'backofficeWebhooks'],
];

const routes = createRoutes();
function pageOf(pathname: string): string | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  return (matches.at(-1)?.route.handle as { routeId?: string } | undefined)?.routeId;
}

describe('locale routing', () => {
  it.each(SPEC_ROUTES)('%s exists in English and under /nl', (path, id) => {
    expect(pageOf(path)).toBe(id);
    expect(pageOf(localizePath(path, 'nl'))).toBe(id);
  });

  it('sends unknown deeper paths to the 404 route in both languages', () => {
    expect(pageOf('/foo/bar')).toBeUndefined();
    expect(matchRoutes(routes, '/foo/bar')?.at(-1)?.route.path).toBe('*');
    expect(matchRoutes(routes, '/nl/foo/bar')?.at(-1)?.route.path).toBe('*');
  });

  it('reserves the first segments of app routes as tip jar slugs', () => {
    for (const slug of ['admin', 'backoffice', 'login', 'account', 'nl', 'api', 'faq', 'password-reset']) {
      expect(RESERVED_SLUGS).toContain(slug);
    }
    expect(RESERVED_SLUGS.some((slug) => slug.startsWith(':'))).toBe(false);
    expect(isReservedSlug('Admin')).toBe(true);
    expect(isReservedSlug('my-podcast')).toBe(false);
  });
});

describe('root locale redirect', () => {
  it('redirects only at / by cookie, else by browser language', () => {
    expect(rootLocaleRedirect({ pathname: '/', cookieLocale: 'nl', browserLanguages: ['en'] })).toBe('/nl');
    expect(rootLocaleRedirect({ pathname: '/', cookieLocale: 'en', browserLanguages: ['nl-NL'] })).toBeNull();
    expect(rootLocaleRedirect({ pathname: '/', cookieLocale: undefined, browserLanguages: ['nl-BE', 'en'] })).toBe(
      '/nl',
    );
    expect(
      rootLocaleRedirect({ pathname: '/', cookieLocale: undefined, browserLanguages: ['de', 'en', 'nl'] }),
    ).toBeNull();
    expect(rootLocaleRedirect({ pathname: '/faq', cookieLocale: 'nl', browserLanguages: ['nl'] })).toBeNull();
    expect(rootLocaleRedirect({ pathname: '/nl', cookieLocale: 'nl', browserLanguages: ['nl'] })).toBeNull();
  });

  it('keeps the language cookie 365 days', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const cookie = buildLangCookie('nl', now);
    expect(LANG_COOKIE_DAYS).toBe(365);
    expect(cookie).toContain('lang=nl');
    expect(cookie).toContain(`max-age=${365 * 24 * 3600}`);
    expect(cookie).toContain('expires=Fri, 01 Jan 2027 00:00:00 GMT');
    expect(readLangCookie('a=b; lang=nl')).toBe('nl');
    expect(readLangCookie('lang=fr')).toBeUndefined();
  });
});

describe('404 page', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('tells that the page could not be found, with a link home', async () => {
    const router = createMemoryRouter(createRoutes(), { initialEntries: ['/no/such/page'] });
    render(
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'This page could not be found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('This page could not be found - Podpot'));
  });

  it('speaks Dutch under /nl and links to the Dutch home page', async () => {
    const router = createMemoryRouter(createRoutes(), { initialEntries: ['/nl/bestaat/niet'] });
    render(
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Deze pagina kon niet worden gevonden' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terug naar de homepagina' }).getAttribute('href')).toBe('/nl');
  });
});
