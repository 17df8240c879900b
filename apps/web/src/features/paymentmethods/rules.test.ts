import type { PaymentMethod } from '@podpot/domain';
import { describe, expect, it } from 'vitest';
import { choose, withDefaultMethod } from '@/features/paymentmethods/rules';

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

describe('checkout block choice (docs/product.md §4)', () => {
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
