import { VALIDATION_KEYS } from '@podpot/domain';
import { describe, expect, it } from 'vitest';

// Every catalog file on disk, read independently of the i18n setup.
const files = import.meta.glob<object>('./*/*.json', { eager: true, import: 'default' });
const read = (lng: string, ns: string) => files[`./${lng}/${ns}.json`] ?? {};
const namespaces = (lng: string) =>
  Object.keys(files)
    .filter((file) => file.startsWith(`./${lng}/`))
    .map((file) => file.slice(lng.length + 3, -5))
    .sort();

function keysOf(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

describe('translation catalogs', () => {
  it('has the same namespace files for en and nl', () => {
    expect(namespaces('nl')).toEqual(namespaces('en'));
    expect(namespaces('en').length).toBeGreaterThan(5);
  });

  for (const ns of namespaces('en')) {
    it(`${ns}: every en key exists in nl and vice versa, none empty`, () => {
      const en = keysOf(read('en', ns)).sort();
      const nl = keysOf(read('nl', ns)).sort();
      expect(
        en.filter((key) => !nl.includes(key)),
        'missing in nl',
      ).toEqual([]);
      expect(
        nl.filter((key) => !en.includes(key)),
        'missing in en',
      ).toEqual([]);
      for (const lng of ['en', 'nl']) {
        const flat = keysOf(read(lng, ns));
        const values = flat.map((key) =>
          key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], read(lng, ns)),
        );
        expect(
          values.every((v) => typeof v === 'string' && v.trim() !== ''),
          `${lng}/${ns} has an empty text`,
        ).toBe(true);
      }
    });
  }

  it('translates every domain validation key', () => {
    const nl = read('nl', 'validation') as Record<string, string>;
    for (const key of VALIDATION_KEYS) expect(nl[key], key).toBeTruthy();
  });

  it('uses the fixed Dutch texts word for word in nl (docs/conventions.md §2)', () => {
    const common = read('nl', 'common') as { toasts: Record<string, string>; nav: Record<string, string> };
    expect(common.toasts.paymentMethodDeleted).toBe('Betaalmethode verwijderd');
    expect(common.toasts.invoiceDeleted).toBe('Factuur verwijderd');
    expect(common.toasts.passwordUpdated).toBe('Wachtwoord geüpdated');
    expect(common.nav.order).toBe('{{product}} bestellen');
    const validation = read('nl', 'validation') as Record<string, string>;
    expect(validation.mobile).toBe('{{value}} is geen geldig mobiel telefoonnummer');
  });
});
