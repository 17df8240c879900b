import { describe, expect, it } from 'vitest';
import { isValidMobileNumber, isValidPhoneNumber, normalizePhoneNumber } from './phone.js';

describe('phone rules', () => {
  it('accepts Dutch fixed and mobile numbers, with or without country code', () => {
    expect(isValidPhoneNumber('020 123 4567')).toBe(true);
    expect(isValidPhoneNumber('+31 20 123 4567')).toBe(true);
    expect(isValidPhoneNumber('06 12345678')).toBe(true);
    expect(isValidPhoneNumber('+32 470 12 34 56')).toBe(true);
  });

  it('refuses garbage and too short numbers', () => {
    expect(isValidPhoneNumber('12345')).toBe(false);
    expect(isValidPhoneNumber('hallo')).toBe(false);
    expect(isValidPhoneNumber('')).toBe(false);
  });

  it('accepts only mobile numbers as mobile', () => {
    expect(isValidMobileNumber('0612345678')).toBe(true);
    expect(isValidMobileNumber('+32470123456')).toBe(true);
    expect(isValidMobileNumber('0201234567')).toBe(false);
  });

  it('normalizes to E.164', () => {
    expect(normalizePhoneNumber('06 1234 5678')).toBe('+31612345678');
    expect(normalizePhoneNumber('nope')).toBeNull();
  });
});
