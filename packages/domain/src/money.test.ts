import { describe, expect, it } from 'vitest';
import {
  formatBps,
  formatCents,
  formatEuroAmount,
  parseEuroToCents,
  percentOf,
  splitVat,
  toDecimalEuros,
  VAT_RATE_BPS,
} from './money.js';

describe('money', () => {
  it('formats cents as euros with 2 decimals per locale', () => {
    expect(formatEuroAmount(1500, 'en')).toBe('15.00');
    expect(formatEuroAmount(123456, 'nl')).toBe('1.234,56');
    expect(formatCents(500, 'nl')).toMatch(/€\s?5,00/);
    expect(formatCents(500, 'en')).toMatch(/€5\.00/);
  });

  it('writes euros for files in integer arithmetic, with either decimal mark', () => {
    expect(toDecimalEuros(0)).toBe('0.00');
    expect(toDecimalEuros(5)).toBe('0.05');
    expect(toDecimalEuros(100_000)).toBe('1000.00');
    expect(toDecimalEuros(-250)).toBe('-2.50');
    expect(toDecimalEuros(123_456, ',')).toBe('1234,56');
  });

  it('formats a basis-point rate as a percentage per locale', () => {
    expect(formatBps(VAT_RATE_BPS, 'en')).toBe('21%');
    expect(formatBps(VAT_RATE_BPS, 'nl')).toBe('21%');
    expect(formatBps(950, 'en')).toBe('9.5%');
    expect(formatBps(950, 'nl')).toBe('9,5%');
  });

  it('parses typed amounts to integer cents without float errors', () => {
    expect(parseEuroToCents('5')).toBe(500);
    expect(parseEuroToCents('5,5')).toBe(550);
    expect(parseEuroToCents('0.29')).toBe(29);
    expect(parseEuroToCents('1.000,00')).toBe(100000);
    expect(parseEuroToCents('€ 12,34')).toBe(1234);
    expect(parseEuroToCents('12,3456')).toBeNull();
    expect(parseEuroToCents('1,2,3')).toBeNull();
    expect(parseEuroToCents('abc')).toBeNull();
    expect(parseEuroToCents('')).toBeNull();
  });

  it('rounds a percentage half up to whole cents', () => {
    expect(percentOf(500, 500)).toBe(25);
    expect(percentOf(110, 500)).toBe(6); // 5.5 → 6
    expect(percentOf(109, 500)).toBe(5); // 5.45 → 5
  });

  it('splits VAT so that net + VAT is the gross amount exactly', () => {
    for (const gross of [1, 99, 121, 1500, 999_999]) {
      const { net, vat } = splitVat(gross);
      expect(net + vat).toBe(gross);
      expect(Math.abs(net * 0.21 - vat)).toBeLessThanOrEqual(1);
    }
    expect(splitVat(1210)).toEqual({ net: 1000, vat: 210 });
  });
});
