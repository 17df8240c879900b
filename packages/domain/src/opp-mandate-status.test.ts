import { describe, expect, it } from 'vitest';
import { isKnownMandateStatus, mandateState } from './opp-mandate-status.js';

describe('mandateState', () => {
  it('counts both vocabularies: completed, authorized and active are usable (the first payment was made)', () => {
    expect(['completed', 'authorized', 'active'].map(mandateState)).toEqual(['usable', 'usable', 'usable']);
    expect(['created', 'pending'].map(mandateState)).toEqual(['waiting', 'waiting']);
  });

  it('knows the words that end a mandate', () => {
    for (const word of ['revoked', 'cancelled', 'expired', 'failed', 'rejected'])
      expect(mandateState(word)).toBe('dead');
  });

  it('calls any other word unknown, also one that looks like an object key', () => {
    for (const word of ['approved', 'ACTIVE', '', 'toString', '__proto__']) {
      expect(mandateState(word)).toBe('unknown');
      expect(isKnownMandateStatus(word)).toBe(false);
    }
    expect(mandateState(null)).toBe('unknown');
    expect(isKnownMandateStatus('authorized')).toBe(true);
  });
});
