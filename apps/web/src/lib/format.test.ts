import { describe, expect, it } from 'vitest';
import { formatterOf } from '@/lib/format';

/** Every source file of the web app, as text. */
const sources = import.meta.glob<string>(['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts', '!../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

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

  it('is the only place in the web app that formats for people (no toLocale…String, no Intl)', () => {
    const offenders = Object.entries(sources)
      .filter(([file]) => file !== './format.ts')
      .filter(([, text]) => /\.toLocale(Date|Time)?String\(|new Intl\./.test(text))
      .map(([file]) => file);
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});
