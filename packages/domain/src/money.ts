import type { Locale } from './locale.js';

/** Every amount in Podpot is an integer number of euro cents. */
export const MIN_TIP_CENTS = 100;
export const MAX_TIP_CENTS = 100_000;
/** The largest value of the database's integer columns (amounts, counts): no input number of ours passes it. */
export const INT32_MAX = 2_147_483_647;
/** Platform fee in basis points (1/100 of a percent): 500 = 5 %. Default; the API reads a setting. */
export const DEFAULT_PLATFORM_FEE_BPS = 500;
/** The Dutch standard VAT rate in basis points (21 %): invoices add it, platform fees include it. */
export const VAT_RATE_BPS = 2100;

/** Formats cents as euros with 2 decimals in the given locale: 1234 → "€ 12,34" (nl) / "€12.34" (en). */
export function formatCents(cents: number, locale: Locale = 'en'): string {
  return new Intl.NumberFormat(locale === 'nl' ? 'nl-NL' : 'en-IE', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/** Euros with 2 decimals and no symbol, as on the AFREKENEN button: 1234 → "12.34" / "12,34". */
export function formatEuroAmount(cents: number, locale: Locale = 'en'): string {
  return (cents / 100).toLocaleString(locale === 'nl' ? 'nl-NL' : 'en-IE', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}

/**
 * Euros for files and machines (CSV): 2 decimals, no grouping, no symbol, integer arithmetic only.
 * 1234 → "12.34"; with decimalMark ',' (Dutch spreadsheets) "12,34"; -250 → "-2.50".
 */
export function toDecimalEuros(cents: number, decimalMark: '.' | ',' = '.'): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}${decimalMark}${String(abs % 100).padStart(2, '0')}`;
}

/** A rate in basis points as a percentage for people: 2100 → "21%", 950 → "9.5%" (en) / "9,5%" (nl). */
export function formatBps(bps: number, locale: Locale = 'en'): string {
  return new Intl.NumberFormat(locale === 'nl' ? 'nl-NL' : 'en-IE', {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(bps / 10000);
}

/**
 * Parses a user-typed euro amount ("5", "5,50", "5.5", "1.000,00") into integer cents,
 * or null when it is not a valid amount. Never goes through floating point multiplication.
 */
export function parseEuroToCents(input: string): number | null {
  const s = input.trim().replace(/\s|€/g, '');
  if (!s) return null;
  // The last "," or "." followed by 1–2 digits is the decimal separator; others are grouping.
  const m = /^(\d{1,3}(?:[.,]?\d{3})*|\d+)(?:[.,](\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const whole = (m[1] ?? '').replace(/[.,]/g, '');
  const frac = (m[2] ?? '').padEnd(2, '0');
  const cents = Number(whole) * 100 + Number(frac || '0');
  return Number.isSafeInteger(cents) ? cents : null;
}

/** A share of an amount in basis points, rounded half up to whole cents. The one rounding rule. */
export function percentOf(cents: number, bps: number): number {
  return Math.floor((cents * bps + 5000) / 10000);
}

/** `part`/`whole` of an amount, rounded half up to whole cents (e.g. the fee on what is left of a tip). */
export function shareOf(cents: number, part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.floor((cents * part * 2 + whole) / (2 * whole));
}

/** Splits an amount including VAT into {net, vat} so that net + vat === gross exactly. */
export function splitVat(grossCents: number, vatBps: number = VAT_RATE_BPS): { net: number; vat: number } {
  const net = Math.floor((grossCents * 10000 + Math.floor((10000 + vatBps) / 2)) / (10000 + vatBps));
  return { net, vat: grossCents - net };
}
