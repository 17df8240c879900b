import { describe, expect, it } from 'vitest';
import { canAdvanceTransaction } from '../payment-status.js';
import { ownerStatusOfPayment, refundOutcomeOf } from './refund.js';
import { canAdvanceTip } from './tip.js';

/** Decision 070: refunds follow what the provider says, and `refunded` may be in part. */
describe('refunds as the provider has them', () => {
  it('a refund is done only when paid out, failed on a failure word, and open otherwise', () => {
    expect(refundOutcomeOf('completed')).toBe('completed');
    expect(['failed', 'cancelled'].map(refundOutcomeOf)).toEqual(['failed', 'failed']);
    expect(['created', 'pending', 'something new'].map(refundOutcomeOf)).toEqual(['open', 'open', 'open']);
  });

  it('a payment the provider calls refunded is refunded for its tip only once our completed refunds cover it', () => {
    expect(ownerStatusOfPayment('refunded', false)).toBe('completed');
    expect(ownerStatusOfPayment('refunded', true)).toBe('refunded');
    expect(ownerStatusOfPayment('chargeback', false)).toBe('chargeback');
    expect(ownerStatusOfPayment('completed', false)).toBe('completed');
  });

  it('a refunded payment and its tip may still be charged back, never the other way round', () => {
    expect(canAdvanceTransaction('refunded', 'chargeback')).toBe(true);
    expect(canAdvanceTransaction('chargeback', 'refunded')).toBe(false);
    expect(canAdvanceTip('refunded', 'chargeback')).toBe(true);
    expect(canAdvanceTip('chargeback', 'refunded')).toBe(false);
  });
});
