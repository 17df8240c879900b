import { describe, expect, it } from 'vitest';
import {
  chargeDateOf,
  chargeDayOf,
  dueMonth,
  nextChargeAfter,
  nextPeriod,
  periodOf,
  resumeNextChargeAt,
  retryAt,
} from '../../src/modules/recurring-tips/recurring-tips.schedule.js';

const d = (iso: string) => new Date(iso);
const monthly = (chargeDay: number) => ({ interval: 'month', chargeDay, chargeMonth: 0 }) as const;
/** A yearly tip charged on `chargeDay` of month `chargeMonth` (0–11). */
const yearly = (chargeDay: number, chargeMonth: number) => ({ interval: 'year', chargeDay, chargeMonth }) as const;

describe('monthly tip calendar', () => {
  it('charges on the day of the first payment, 29–31 clamped to 28', () => {
    expect(chargeDayOf(d('2026-01-15T10:00:00Z'))).toBe(15);
    expect(chargeDayOf(d('2026-01-31T10:00:00Z'))).toBe(28);
    expect(chargeDayOf(d('2026-03-29T00:00:00Z'))).toBe(28);
  });

  it('periods are calendar months and roll over the year', () => {
    expect(periodOf(d('2026-12-31T23:59:59Z'), 'month')).toBe('2026-12');
    expect(nextPeriod('2026-12')).toBe('2027-01');
    expect(nextPeriod('2026-02')).toBe('2026-03');
    expect(chargeDateOf(monthly(28), '2026-02').toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });

  it('the month after a paid one is due on its charge day, never in the past', () => {
    expect(nextChargeAfter(monthly(15), '2026-01', d('2026-01-15T12:00:00Z')).toISOString()).toBe(
      '2026-02-15T00:00:00.000Z',
    );
    // Paid late (a mandate retry in April for January): February and March are skipped.
    expect(nextChargeAfter(monthly(15), '2026-01', d('2026-04-20T12:00:00Z')).toISOString()).toBe(
      '2026-05-15T00:00:00.000Z',
    );
  });

  it('resume keeps a due date still ahead and otherwise takes the next charge day from today', () => {
    const ahead = d('2026-05-15T00:00:00Z');
    expect(resumeNextChargeAt(monthly(15), ahead, d('2026-05-01T00:00:00Z'))).toBe(ahead);
    expect(resumeNextChargeAt(monthly(15), d('2026-02-15T00:00:00Z'), d('2026-05-10T09:00:00Z')).toISOString()).toBe(
      '2026-05-15T00:00:00.000Z',
    );
    expect(resumeNextChargeAt(monthly(15), d('2026-02-15T00:00:00Z'), d('2026-05-20T09:00:00Z')).toISOString()).toBe(
      '2026-06-15T00:00:00.000Z',
    );
  });

  it('a failed try is retried 3 days later', () => {
    expect(retryAt(d('2026-05-15T00:00:00Z')).toISOString()).toBe('2026-05-18T00:00:00.000Z');
  });

  it('charges a month due within the grace; after a longer outage skips it for the next charge day', () => {
    // Due yesterday (the job was down a day): charged now.
    expect(dueMonth(monthly(5), d('2027-02-05T00:00:00Z'), d('2027-02-06T09:00:00Z'))).toEqual({
      charge: true,
      due: d('2027-02-05T00:00:00Z'),
    });
    // A month missed, the outage ends on the charge day: this month is charged, last month skipped.
    expect(dueMonth(monthly(5), d('2027-01-05T00:00:00Z'), d('2027-02-05T10:00:00Z'))).toEqual({
      charge: true,
      due: d('2027-02-05T00:00:00Z'),
    });
    // The outage ends mid-month: nothing is charged now, the next charge day is recorded.
    expect(dueMonth(monthly(5), d('2027-01-05T00:00:00Z'), d('2027-01-20T10:00:00Z'))).toEqual({
      charge: false,
      due: d('2027-02-05T00:00:00Z'),
    });
  });
});

describe('yearly tip calendar (decision 092)', () => {
  it('periods are calendar years; a year is due on its charge day in its charge month', () => {
    expect(periodOf(d('2026-12-31T23:59:59Z'), 'year')).toBe('2026');
    expect(nextPeriod('2026')).toBe('2027');
    expect(chargeDateOf(yearly(28, 0), '2027').toISOString()).toBe('2027-01-28T00:00:00.000Z');
  });

  it('the year after a paid one is due the same day one year later, never in the past', () => {
    expect(nextChargeAfter(yearly(15, 2), '2026', d('2026-03-15T12:00:00Z')).toISOString()).toBe(
      '2027-03-15T00:00:00.000Z',
    );
    // Paid late (a mandate retry in 2028 for 2026): 2027 is skipped.
    expect(nextChargeAfter(yearly(15, 2), '2026', d('2028-04-01T12:00:00Z')).toISOString()).toBe(
      '2029-03-15T00:00:00.000Z',
    );
  });

  it('resume and a missed year keep the charge month', () => {
    expect(resumeNextChargeAt(yearly(15, 2), d('2026-03-15T00:00:00Z'), d('2026-05-10T09:00:00Z')).toISOString()).toBe(
      '2027-03-15T00:00:00.000Z',
    );
    expect(dueMonth(yearly(5, 1), d('2027-02-05T00:00:00Z'), d('2027-03-20T10:00:00Z'))).toEqual({
      charge: false,
      due: d('2028-02-05T00:00:00Z'),
    });
    expect(dueMonth(yearly(5, 1), d('2027-02-05T00:00:00Z'), d('2027-02-06T10:00:00Z'))).toEqual({
      charge: true,
      due: d('2027-02-05T00:00:00Z'),
    });
  });
});
