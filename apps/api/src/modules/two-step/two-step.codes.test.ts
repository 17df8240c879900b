import { describe, expect, it } from 'vitest';
import {
  currentTwoStepKey,
  decryptSecret,
  decryptWithKeys,
  encryptSecret,
  newTotpSecret,
  twoStepKeys,
} from './two-step.codes.js';

const JWT = 'j'.repeat(40);
const KEY = 'k'.repeat(40);
const OLD1 = 'o'.repeat(40);
const OLD2 = 'p'.repeat(40);

describe('the keys of two-step secrets (decision 045)', () => {
  it('default to JWT_SECRET alone', () => {
    expect(twoStepKeys({ JWT_SECRET: JWT })).toEqual([JWT]);
    expect(currentTwoStepKey({ JWT_SECRET: JWT, TWO_STEP_KEY_PREVIOUS: [] })).toBe(JWT);
  });

  it('try TWO_STEP_KEY first, then the previous keys in order, then JWT_SECRET; none twice', () => {
    const settings = { JWT_SECRET: JWT, TWO_STEP_KEY: KEY, TWO_STEP_KEY_PREVIOUS: [OLD1, OLD2, KEY] };
    expect(currentTwoStepKey(settings)).toBe(KEY);
    expect(twoStepKeys(settings)).toEqual([KEY, OLD1, OLD2, JWT]);
    expect(twoStepKeys({ JWT_SECRET: JWT, TWO_STEP_KEY_PREVIOUS: [OLD1, JWT] })).toEqual([JWT, OLD1]);
  });

  it('read a secret with the first key that opens it, and say which', () => {
    const secret = newTotpSecret();
    const stored = encryptSecret(OLD2, secret);
    expect(decryptWithKeys([KEY, OLD1, OLD2], stored)).toEqual({ secret, keyIndex: 2 });
    expect(decryptWithKeys([OLD2], stored)).toEqual({ secret, keyIndex: 0 });
    expect(decryptWithKeys([KEY, OLD1], stored)).toBeUndefined();
    expect(decryptWithKeys([KEY], 'not a stored secret')).toBeUndefined();
    expect(() => decryptSecret(KEY, stored)).toThrow();
  });

  it('encrypt with a fresh IV each time', () => {
    const secret = newTotpSecret();
    const a = encryptSecret(KEY, secret);
    expect(encryptSecret(KEY, secret)).not.toBe(a);
    expect(a).not.toContain(secret);
    expect(decryptSecret(KEY, a)).toBe(secret);
  });
});
