import { describe, expect, it } from 'vitest';
import { canTransitionTipjar, nextTipjarStatuses, TIPJAR_STATUSES } from './tipjar-status.js';

describe('tip jar status machine', () => {
  it('lets the payment flow move NEW → AWAITING_PAYMENT → LIVE or PAYMENT_EXPIRED, and retry', () => {
    expect(canTransitionTipjar('NEW', 'AWAITING_PAYMENT', 'payment')).toBe(true);
    expect(canTransitionTipjar('AWAITING_PAYMENT', 'LIVE', 'payment')).toBe(true);
    expect(canTransitionTipjar('AWAITING_PAYMENT', 'PAYMENT_EXPIRED', 'payment')).toBe(true);
    expect(canTransitionTipjar('PAYMENT_EXPIRED', 'AWAITING_PAYMENT', 'payment')).toBe(true);
  });

  it('never lets a late payment outcome move a LIVE tip jar', () => {
    expect(canTransitionTipjar('LIVE', 'PAYMENT_EXPIRED', 'payment')).toBe(false);
    expect(canTransitionTipjar('LIVE', 'AWAITING_PAYMENT', 'payment')).toBe(false);
  });

  it('leaves LIVE, VERIFYING and SUSPENDED to admins', () => {
    expect(nextTipjarStatuses('LIVE', 'admin').sort()).toEqual(['DEACTIVATED', 'SUSPENDED', 'VERIFYING']);
    expect(nextTipjarStatuses('SUSPENDED', 'admin').sort()).toEqual(['DEACTIVATED', 'LIVE']);
    expect(canTransitionTipjar('NEW', 'LIVE', 'admin')).toBe(false);
    expect(canTransitionTipjar('AWAITING_PAYMENT', 'LIVE', 'admin')).toBe(false);
  });

  it('has no way out of DEACTIVATED and no self-transitions', () => {
    expect(nextTipjarStatuses('DEACTIVATED', 'admin')).toEqual([]);
    for (const s of TIPJAR_STATUSES) {
      expect(canTransitionTipjar(s, s, 'admin')).toBe(false);
      expect(canTransitionTipjar(s, s, 'payment')).toBe(false);
    }
  });
});
