import { describe, expect, it } from 'vitest';
import {
  canTransitionTipjar,
  canVerifyFeed,
  isTipjarTippable,
  nextTipjarStatuses,
  TIPJAR_STATUSES,
} from './tipjar-status.js';

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

describe('isTipjarTippable', () => {
  it('takes tips only on a LIVE, active tip jar that is not archived', () => {
    expect(isTipjarTippable({ status: 'LIVE', active: true, archivedAt: null })).toBe(true);
    expect(isTipjarTippable({ status: 'LIVE', active: false, archivedAt: null })).toBe(false);
    expect(isTipjarTippable({ status: 'LIVE', active: true, archivedAt: new Date() })).toBe(false);
    expect(isTipjarTippable({ status: 'LIVE', active: true, archivedAt: '2026-01-01T00:00:00.000Z' })).toBe(false);
    for (const status of TIPJAR_STATUSES.filter((s) => s !== 'LIVE')) {
      expect(isTipjarTippable({ status, active: true }), status).toBe(false);
    }
  });
});

describe('canVerifyFeed', () => {
  it('lets only a paid, open tip jar mail a feed-ownership code', () => {
    const may = TIPJAR_STATUSES.filter((status) => canVerifyFeed({ status }));
    expect(may).toEqual(['LIVE', 'VERIFYING']);
  });
});
