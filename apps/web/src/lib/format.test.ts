import { describe, expect, it } from 'vitest';
import { formatTimeAgo, formatterOf, paymentMethodName } from '@/lib/format';

/** Every source file of the web app, as text. */
const sources = import.meta.glob<string>(['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts', '!../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The API's and the simulator's sources too: the locale → Intl tag mapping is written once, in the domain. */
const serverSources = import.meta.glob<string>(
  ['../../../api/src/**/*.ts', '../../../opp-simulator/src/**/*.ts', '../../../../packages/domain/src/**/*.ts'],
  { query: '?raw', import: 'default', eager: true },
);

describe('the one formatter (lib/format.ts)', () => {
  it('writes dates, months and numbers in the page language, never as US dates', () => {
    const nl = formatterOf('nl');
    const en = formatterOf('en');
    const iso = '2026-11-23T10:00:00Z';
    expect(nl.date(iso)).toBe('23 nov 2026');
    expect(en.date(iso)).toBe('23 Nov 2026');
    expect(nl.period('2026-10')).toBe('oktober 2026');
    expect(en.period('2026-10')).toBe('October 2026');
    expect(nl.number(12345)).toBe('12.345');
    expect(nl.money(123456).replace(/\s/g, ' ')).toBe('€ 1.234,56');
    expect(en.money(123456)).toBe('€1,234.56');
  });

  it("names payment methods by their brand, a monthly tip's direct debit as SEPA, never by their raw value", () => {
    expect(['ideal', 'bcmc', 'sepa', null].map(paymentMethodName)).toEqual(['iDEAL', 'Bancontact', 'SEPA', '—']);
  });

  it('says how long ago something was in the page language, in the largest unit that fits', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const ago = (seconds: number, locale: 'en' | 'nl') =>
      formatTimeAgo(new Date(now.getTime() - seconds * 1000).toISOString(), now, locale);
    expect(ago(30, 'en')).toBe('now');
    expect(ago(30, 'nl')).toBe('nu');
    expect(ago(5 * 60 + 59, 'en')).toBe('5 minutes ago');
    expect(ago(5 * 60, 'nl')).toBe('5 minuten geleden');
    expect(ago(3 * 3600, 'en')).toBe('3 hours ago');
    expect(ago(86_400 + 60, 'en')).toBe('yesterday');
    expect(ago(86_400, 'nl')).toBe('gisteren');
    expect(ago(15 * 86_400, 'nl')).toBe('2 weken geleden');
    expect(ago(40 * 86_400, 'en')).toBe('last month');
    expect(ago(800 * 86_400, 'en')).toBe('2 years ago');
    // A clock a little behind the database's is not "in 1 minute".
    expect(ago(-90, 'en')).toBe('now');
  });

  it('is the only place in the web app that formats for people (no toLocale…String, no Intl)', () => {
    const offenders = Object.entries(sources)
      .filter(([file]) => file !== './format.ts')
      .filter(([, text]) => /\.toLocale(Date|Time)?String\(|new Intl\./.test(text))
      .map(([file]) => file);
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });

  it("maps a locale to its Intl tag in one place only (the domain's intlLocaleOf; money keeps en-IE)", () => {
    const mapping = /['"]nl-NL['"]\s*:\s*['"]en-GB['"]/;
    const offenders = Object.entries({ ...sources, ...serverSources })
      .filter(([file]) => !file.endsWith('domain/src/locale.ts'))
      .filter(([, text]) => mapping.test(text))
      .map(([file]) => file);
    expect(Object.keys(serverSources).length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});
