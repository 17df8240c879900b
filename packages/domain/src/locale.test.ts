import { describe, expect, it } from 'vitest';
import { intlLocaleOf } from './locale.js';

describe('intlLocaleOf', () => {
  it('writes Dutch dates and numbers as nl-NL, and English ones as en-GB (never a US date)', () => {
    expect(intlLocaleOf('nl')).toBe('nl-NL');
    expect(intlLocaleOf('en')).toBe('en-GB');
  });
});
