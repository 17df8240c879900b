import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES } from './locale.js';
import {
  APP_ROUTES,
  appUrl,
  isReservedSlug,
  localeFromPath,
  localizePath,
  type RouteId,
  routePath,
  stripLocale,
} from './routes.js';

describe('the route table', () => {
  it('gives every route a unique id', () => {
    expect(new Set(APP_ROUTES.map((r) => r.id)).size).toBe(APP_ROUTES.length);
  });

  it('prefixes Dutch paths with /nl and leaves English ones alone', () => {
    expect(localizePath('/faq', 'en')).toBe('/faq');
    expect(localizePath('/faq', 'nl')).toBe('/nl/faq');
    expect(localizePath('/', 'nl')).toBe('/nl');
    expect(localizePath('/?welcome=true', 'nl')).toBe('/nl?welcome=true');
    expect(localeFromPath('/nl/faq')).toBe('nl');
    expect(localeFromPath('/nl')).toBe('nl');
    expect(localeFromPath('/nlfaq')).toBe('en');
    expect(localeFromPath('/faq')).toBe(DEFAULT_LOCALE);
    expect(stripLocale('/nl/faq')).toBe('/faq');
    expect(stripLocale('/nl')).toBe('/');
    expect(stripLocale('/nlfaq')).toBe('/nlfaq');
  });

  it('round-trips every locale through its prefix', () => {
    for (const locale of LOCALES) {
      const path = localizePath('/backoffice/koffie', locale);
      expect(localeFromPath(path)).toBe(locale);
      expect(stripLocale(path)).toBe('/backoffice/koffie');
    }
  });

  it('fills and encodes params, and refuses a missing required one', () => {
    expect(routePath('backofficeTips', { tipjarslug: 'de koffie' })).toBe('/backoffice/de%20koffie/tips');
    expect(routePath('accountRecurringtips', {})).toBe('/account/recurringtips');
    expect(() => routePath('backofficeTips', {})).toThrow(/tipjarslug/);
    expect(() => routePath('backofficeTips', { tipjarslug: '' })).toThrow(/tipjarslug/);
    expect(() => routePath('nope' as RouteId)).toThrow(/Unknown route nope/);
  });

  it('makes absolute links in the recipient language, with the query encoded', () => {
    expect(appUrl('https://podpot.nl/', 'backofficeTips', { tipjarslug: 'koffie' }, 'nl')).toBe(
      'https://podpot.nl/nl/backoffice/koffie/tips',
    );
    expect(appUrl('http://localhost:3000', 'thankyou', {}, 'en', { tip: 'a b', slug: 'x', none: undefined })).toBe(
      'http://localhost:3000/thankyou?tip=a+b&slug=x',
    );
    expect(appUrl('http://h', 'home', {}, 'nl')).toBe('http://h/nl');
    expect(appUrl('http://h', 'accountRecurringtips', { recurringtipid: 'a/b' }, 'nl', { token: 'x=y&z' })).toBe(
      'http://h/nl/account/recurringtips/a%2Fb?token=x%3Dy%26z',
    );
    expect(() => appUrl('http://h', 'backofficeRegistration', {}, 'en')).toThrow(/tipjarslug/);
  });

  it('reserves the first segment of every route, the locale prefixes and the server paths', () => {
    for (const slug of [
      'admin',
      'backoffice',
      'thankyou',
      'Account',
      'api',
      'sim',
      ...LOCALES.filter((l) => l !== 'en'),
    ]) {
      expect(isReservedSlug(slug), slug).toBe(true);
    }
    expect(isReservedSlug('de-koffiepod')).toBe(false);
  });

  it('reserves the brand and words read as the platform’s own pages, but not slugs that contain them', () => {
    for (const slug of ['podpot', 'PodPot', 'help', 'www', 'docs', 'checkout', 'status', 'healthz', 'metrics']) {
      expect(isReservedSlug(slug), slug).toBe(true);
    }
    expect(isReservedSlug('podpot-fans')).toBe(false);
  });
});
