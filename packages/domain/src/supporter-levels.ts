/*
 * Levels and intervals of monthly/yearly tips (issue 40) as plain rules (no zod): the storefront's small
 * entry, the API and the backoffice all place a tip in a level with `levelOf`.
 */

/** How often a recurring tip is charged. A yearly tip's period is the year ('YYYY'), a monthly one's the month. */
export const RECURRING_INTERVALS = ['month', 'year'] as const;
export type RecurringInterval = (typeof RECURRING_INTERVALS)[number];

/** At most this many levels per tip jar. */
export const TIPJAR_LEVELS_MAX = 5;
export const LEVEL_NAME_MAX = 60;
export const LEVEL_PERK_MAX = 200;

/** What a recurring tip gives per month: a yearly tip counts as a twelfth of its amount (rounded down). */
export function monthlyEquivalent(amountCents: number, interval: RecurringInterval): number {
  return interval === 'year' ? Math.floor(amountCents / 12) : amountCents;
}

export interface LevelLike {
  id: string;
  /** Cents per month. */
  amount: number;
}

/**
 * The level a recurring tip is at: the highest level whose monthly amount it reaches, or null below the
 * lowest. Never stored: changing the amount (or the maker changing a level) moves the tip.
 */
export function levelOf<L extends LevelLike>(
  levels: readonly L[],
  amountCents: number,
  interval: RecurringInterval,
): L | null {
  const perMonth = monthlyEquivalent(amountCents, interval);
  let best: L | null = null;
  for (const level of levels) {
    if (level.amount <= perMonth && (best === null || level.amount > best.amount)) best = level;
  }
  return best;
}

/**
 * The amount a recurring tip's level follows: what it pays from now on (a changed amount waiting for the
 * next charge counts at once), so an amount change moves the tip between levels the moment it is made.
 */
export function levelAmountOf(tip: { amount: number; nextAmount: number | null }): number {
  return tip.nextAmount ?? tip.amount;
}

/** The period key a charge of `interval` on `date` pays: 'YYYY-MM' (UTC) for a month, 'YYYY' for a year. */
export function periodOf(date: Date, interval: RecurringInterval): string {
  const year = String(date.getUTCFullYear());
  return interval === 'year' ? year : `${year}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}
