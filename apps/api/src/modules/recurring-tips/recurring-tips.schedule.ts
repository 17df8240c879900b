import {
  CHARGE_GRACE_DAYS,
  CHARGE_RETRY_DAYS,
  MAX_CHARGE_DAY,
  periodOf as periodOfInterval,
  type RecurringInterval,
} from '@podpot/domain';

/**
 * Calendar rules of monthly and yearly tips, pure so they are tested on their own. Dates are UTC: a
 * period is a calendar month 'YYYY-MM' (monthly) or a calendar year 'YYYY' (yearly, decision 092), and
 * a charge falls due at 00:00 UTC of its charge day — for a yearly tip in its charge month.
 */

/**
 * When a recurring tip is charged: its day of the month (1–28) and, for a yearly tip, its month
 * (0–11, the month of the first payment; kept by next_charge_at, which only ever moves by whole years).
 */
export interface Cadence {
  interval: RecurringInterval;
  chargeDay: number;
  chargeMonth: number;
}

/** The cadence of a recurring tip: its yearly charge month is that of its next charge, else of `fallback`. */
export function cadenceOf(
  row: { interval: RecurringInterval; nextChargeAt: Date | null },
  chargeDay: number,
  fallback: Date,
): Cadence {
  return { interval: row.interval, chargeDay, chargeMonth: (row.nextChargeAt ?? fallback).getUTCMonth() };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The charge day a first payment on `date` sets: its day of the month, 29–31 clamped to 28. */
export function chargeDayOf(date: Date): number {
  return Math.min(date.getUTCDate(), MAX_CHARGE_DAY);
}

/** The period a moment falls in: 'YYYY-MM' for a monthly tip, 'YYYY' for a yearly one. */
export function periodOf(date: Date, interval: RecurringInterval): string {
  return periodOfInterval(date, interval);
}

/** The later of two periods of one interval ('YYYY-MM' and 'YYYY' sort as text). */
export function laterPeriod(a: string, b: string): string {
  return a.localeCompare(b) >= 0 ? a : b;
}

/** The period after `period` ('2025-12' → '2026-01', '2025' → '2026'). */
export function nextPeriod(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number | undefined];
  if (month === undefined) return String(year + 1);
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

/** When the charge of `period` falls due: the charge day of that month, or of the charge month of that year. */
export function chargeDateOf(cadence: Cadence, period: string): Date {
  const [year, month] = period.split('-').map(Number) as [number, number | undefined];
  return new Date(Date.UTC(year, month === undefined ? cadence.chargeMonth : month - 1, cadence.chargeDay));
}

/**
 * When the month after a paid `period` is due: normally the charge day of the next period; but never
 * in the past — a month paid late (a mandate retry weeks later) does not make the job catch up on
 * the months in between; those are skipped.
 */
export function nextChargeAfter(cadence: Cadence, paidPeriod: string, now: Date): Date {
  let period = nextPeriod(paidPeriod);
  let due = chargeDateOf(cadence, period);
  while (due.getTime() < startOfDay(now).getTime()) {
    period = nextPeriod(period);
    due = chargeDateOf(cadence, period);
  }
  return due;
}

/**
 * The next charge after a resume: the stored due date if it is still ahead (a short pause skips
 * nothing), otherwise the first charge day from today on — the months paused are skipped.
 */
export function resumeNextChargeAt(cadence: Cadence, storedNext: Date | null, now: Date): Date {
  if (storedNext && storedNext.getTime() >= startOfDay(now).getTime()) return storedNext;
  let period = periodOf(now, cadence.interval);
  let due = chargeDateOf(cadence, period);
  while (due.getTime() < startOfDay(now).getTime()) {
    period = nextPeriod(period);
    due = chargeDateOf(cadence, period);
  }
  return due;
}

/**
 * What the charge run does with a recurring tip whose `nextChargeAt` has come: charge that month if it
 * fell due at most CHARGE_GRACE_DAYS ago; after a longer outage the missed month is skipped and the
 * first charge day from today on is due instead — charged now if that is today, else just recorded.
 */
export function dueMonth(cadence: Cadence, nextChargeAt: Date, now: Date): { charge: boolean; due: Date } {
  if (!isPastGrace(nextChargeAt, now)) return { charge: true, due: nextChargeAt };
  const due = resumeNextChargeAt(cadence, null, now);
  return { charge: due.getTime() <= now.getTime(), due };
}

/**
 * A try (a month's first debit or a dunning retry) due more than CHARGE_GRACE_DAYS before `now` is
 * too late to be made: an outage does not collect a month weeks late, next to the next one.
 */
export function isPastGrace(due: Date, now: Date): boolean {
  return due.getTime() < graceStart(now).getTime();
}

/** The earliest due date a try made at `now` may have (see isPastGrace). */
export function graceStart(now: Date): Date {
  return new Date(now.getTime() - CHARGE_GRACE_DAYS * DAY_MS);
}

/** When a failed try is tried again (dunning): CHARGE_RETRY_DAYS after it was sent. */
export function retryAt(lastAttemptAt: Date): Date {
  return new Date(lastAttemptAt.getTime() + CHARGE_RETRY_DAYS * DAY_MS);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}
