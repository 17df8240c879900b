import { LOCALES } from '@podpot/domain';
import { describe, expect, it } from 'vitest';
import { textsOf } from './translate.js';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("the API's catalogs (decision 074)", () => {
  const en = textsOf('en');

  it('has texts', () => {
    expect(en.size).toBeGreaterThan(100);
  });

  for (const locale of LOCALES) {
    const texts = textsOf(locale);

    it(`${locale}: the same keys as en`, () => {
      expect([...texts.keys()].sort()).toEqual([...en.keys()].sort());
    });

    it(`${locale}: each text has the placeholders of its en text, and nothing empty`, () => {
      for (const [key, text] of texts) {
        expect(placeholders(text), key).toEqual(placeholders(en.get(key) ?? ''));
        expect(text.trim(), key).not.toBe('');
        // The brand is configured (BRAND_NAME): a text names it as {{brand}}, never literally.
        expect(text, key).not.toMatch(/podpot/i);
        // Only {{name}} placeholders: a lone brace is a typo that t() would write as is.
        expect(text.replace(/\{\{\w+\}\}/g, ''), key).not.toMatch(/[{}]/);
      }
    });
  }
});
