import type { Addon, PaymentMethod } from '@podpot/domain';
import { describe, expect, it } from 'vitest';
import { choose, withDefaultMethod } from '@/components/checkout-block';
import { findTipjarAddon, retryStepFor } from '@/features/backoffice/components/retry-payment-card';
import { parsePresetAmounts } from '@/features/backoffice-settings/components/settings-page';
import { slugify } from '@/features/order/components/order-form';

const method = (id: string, type: 'ideal' | 'bcmc'): PaymentMethod => ({
  id,
  name: type,
  type,
  active: true,
  priority: 0,
  paymentissuers: [{ bic: 'INGBNL2A', name: 'ING' }],
});
const ideal = method('00000000-0000-4000-8000-000000000001', 'ideal');
const bcmc = method('00000000-0000-4000-8000-000000000002', 'bcmc');

const addon = (created: string, status: string | null, redirectUrl: string | null = 'https://x/pay'): Addon => ({
  id: `00000000-0000-4000-8000-00000000000${created.slice(-1)}`,
  tipjarId: '00000000-0000-4000-8000-0000000000aa',
  created,
  type: { name: 'TIPJAR', unlocks: 'TIPJAR' },
  costTotalWithTax: 1500,
  oppTransaction: status ? { status, redirectUrl } : null,
});

describe('checkout block choice (spec §4)', () => {
  it('preselects the first available method when none is chosen', () => {
    expect(withDefaultMethod({ paymentmethod: '', paymentissuer: '' }, [ideal, bcmc])).toEqual({
      paymentmethod: ideal.id,
      paymentissuer: '',
    });
  });

  it('keeps a valid choice as it is', () => {
    const choice = { paymentmethod: bcmc.id, paymentissuer: '' };
    expect(withDefaultMethod(choice, [ideal, bcmc])).toBe(choice);
  });

  it('clears the issuer when a non-ideal method is selected', () => {
    expect(choose(bcmc, { paymentmethod: ideal.id, paymentissuer: 'INGBNL2A' })).toEqual({
      paymentmethod: bcmc.id,
      paymentissuer: '',
    });
  });
});

describe('retry card step (spec §4)', () => {
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
