import { describe, expect, it } from 'vitest';
import { isOpenRequirement, isRegistrationComplete, merchantTakesPayments } from './merchant-status.js';

const ready = {
  merchantStatus: 'live',
  complianceStatus: 'verified',
  complianceLevel: 200,
  bankAccountStatus: 'approved',
};

describe('isRegistrationComplete (payout-ready)', () => {
  it('is complete when live, verified at the payout level and the bank account is approved', () => {
    expect(isRegistrationComplete(ready)).toBe(true);
    expect(isRegistrationComplete({ ...ready, complianceLevel: 400 })).toBe(true);
  });

  it('is not complete for a live, verified consumer whose bank account is not approved yet', () => {
    // What the provider answers right after creating a consumer merchant that went live.
    const consumer = { merchantStatus: 'live', complianceStatus: 'verified', complianceLevel: 100 };
    expect(isRegistrationComplete({ ...consumer, bankAccountStatus: null })).toBe(false);
    expect(isRegistrationComplete({ ...consumer, bankAccountStatus: 'pending' })).toBe(false);
    expect(isRegistrationComplete({ ...ready, complianceLevel: 100 })).toBe(false);
    expect(isRegistrationComplete({ ...ready, bankAccountStatus: 'disapproved' })).toBe(false);
  });

  it('is not complete when not live or not verified, or without a merchant', () => {
    expect(isRegistrationComplete({ ...ready, merchantStatus: 'pending' })).toBe(false);
    expect(isRegistrationComplete({ ...ready, merchantStatus: 'suspended' })).toBe(false);
    expect(isRegistrationComplete({ ...ready, complianceStatus: 'unverified' })).toBe(false);
    // The two fields of docs/product.md §4 alone are not enough.
    expect(isRegistrationComplete({ complianceStatus: 'verified', merchantStatus: 'live' })).toBe(false);
    expect(isRegistrationComplete(null)).toBe(false);
  });
});

describe('merchantTakesPayments', () => {
  it('stops for suspended, blocked, terminated and deleted merchants only', () => {
    for (const status of ['suspended', 'blocked', 'terminated', 'deleted'])
      expect(merchantTakesPayments(status)).toBe(false);
    for (const status of ['new', 'pending', 'live', 'something-new']) expect(merchantTakesPayments(status)).toBe(true);
  });
});

describe('isOpenRequirement', () => {
  it('treats verified, approved and completed as done and anything else as open', () => {
    expect(isOpenRequirement({ status: 'pending' })).toBe(true);
    expect(isOpenRequirement({ status: 'unverified' })).toBe(true);
    expect(isOpenRequirement({ status: 'verified' })).toBe(false);
    expect(isOpenRequirement({ status: 'approved' })).toBe(false);
  });
});
