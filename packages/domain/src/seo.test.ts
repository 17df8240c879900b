import { describe, expect, it } from 'vitest';
import { alternatesOf, META_DESCRIPTION_MAX, metaDescriptionOf, robotsTxt } from './seo.js';

describe('robotsTxt', () => {
  const lines = robotsTxt('https://podpot.example/').split('\n');

  it('keeps crawlers out of the API, the backoffice, the admin pages and the account pages in both languages', () => {
    for (const path of [
      '/api/',
      '/sim/',
      '/dev/',
      '/feeds/',
      '/backoffice$',
      '/backoffice/',
      '/admin/',
      '/nl/admin$',
      '/account/',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain('Disallow: /nl/thankyou$');
    expect(lines).toContain('Disallow: /password-reset$');
    // The mailed links carry their token in the query.
    expect(lines).toContain('Disallow: /invitation?');
  });

  it('never hides the public pages nor a podcast whose address begins like a private page', () => {
    expect(lines).toContain('Allow: /');
    // A bare prefix would hide /adminpod and /account-talk.
    expect(lines).not.toContain('Disallow: /admin');
    expect(lines).not.toContain('Disallow: /account');
    expect(lines.filter((l) => /^Disallow: \/(nl\/)?(faq|order|about|podcastmaker)\b/.test(l))).toEqual([]);
  });

  it('names the sitemap by its absolute address on the public base URL', () => {
    expect(lines).toContain('Sitemap: https://podpot.example/sitemap.xml');
  });
});

describe('alternatesOf', () => {
  it('lists every language of a page and the English one as x-default', () => {
    expect(alternatesOf('https://podpot.example', 'storefront', { tipjarslug: 'koffie' })).toEqual([
      { hreflang: 'en', href: 'https://podpot.example/koffie' },
      { hreflang: 'nl', href: 'https://podpot.example/nl/koffie' },
      { hreflang: 'x-default', href: 'https://podpot.example/koffie' },
    ]);
  });
});

describe('metaDescriptionOf', () => {
  it('writes a description on one line', () => {
    expect(metaDescriptionOf('  Koffie\n\nen  verhalen ')).toBe('Koffie en verhalen');
  });

  it('cuts a long description at a word, with an ellipsis', () => {
    const text = metaDescriptionOf('woord '.repeat(100));
    expect(text.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
    expect(text).toMatch(/woord…$/);
  });
});
