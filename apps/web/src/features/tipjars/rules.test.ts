import type { Addon } from '@podpot/domain';
import { describe, expect, it } from 'vitest';
import { findTipjarAddon, parsePresetAmounts, retryStepFor, slugify } from '@/features/tipjars/rules';

const addon = (created: string, status: string | null, redirectUrl: string | null = 'https://x/pay'): Addon => ({
  id: `00000000-0000-4000-8000-00000000000${created.slice(-1)}`,
  tipjarId: '00000000-0000-4000-8000-0000000000aa',
  created,
  type: { name: 'TIPJAR', unlocks: 'TIPJAR' },
  costTotalWithTax: 1500,
  oppTransaction: status ? { status, redirectUrl } : null,
});

describe('retry card step (docs/product.md §4)', () => {
  it('shows the status for a created or pending transaction, the chooser otherwise', () => {
    expect(retryStepFor(addon('2026-01-01T00:00:01Z', 'created'))).toBe(1);
    expect(retryStepFor(addon('2026-01-01T00:00:01Z', 'pending'))).toBe(1);
    expect(retryStepFor(addon('2026-01-01T00:00:01Z', 'expired'))).toBe(2);
    expect(retryStepFor(addon('2026-01-01T00:00:01Z', null))).toBe(2);
  });

  it('reads the newest TIPJAR add-on', () => {
    const older = addon('2026-01-01T00:00:01Z', 'expired');
    const newer = addon('2026-01-02T00:00:02Z', 'created');
    expect(findTipjarAddon({ addons: [older, newer] })).toBe(newer);
    expect(findTipjarAddon({ addons: [] })).toBeUndefined();
  });
});

describe('form helpers', () => {
  it('suggests a slug from the name', () => {
    expect(slugify('  Mijn Pódcast!! ')).toBe('mijn-podcast');
  });

  it('reads preset amounts in euros as cents', () => {
    expect(parsePresetAmounts('3 5,50; 10')).toEqual([300, 550, 1000]);
    expect(parsePresetAmounts('3 abc')).toBeNull();
  });
});
