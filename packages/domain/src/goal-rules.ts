import type { FieldError } from './errors.js';

/*
 * A tip jar's monthly goal and the supporter wall (decision 032): plain rules, no zod, so the
 * storefront's server render and the backoffice form share them with the API.
 */

/** AMOUNT — euros a month (target in cents); TIPPERS — a number of monthly tippers. */
export const GOAL_KINDS = ['AMOUNT', 'TIPPERS'] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];

export interface TipjarGoal {
  kind: GoalKind;
  /** Cents a month (AMOUNT) or monthly tippers (TIPPERS). */
  target: number;
}

/** An amount goal: €1.00 – €1,000,000.00 a month. */
export const GOAL_AMOUNT_MIN_CENTS = 100;
export const GOAL_AMOUNT_MAX_CENTS = 100_000_000;
/** A tippers goal: 1 – 100,000 monthly tippers. */
export const GOAL_TIPPERS_MIN = 1;
export const GOAL_TIPPERS_MAX = 100_000;

/** The limits of a goal of `kind`. */
export function goalRange(kind: GoalKind): { min: number; max: number } {
  return kind === 'AMOUNT'
    ? { min: GOAL_AMOUNT_MIN_CENTS, max: GOAL_AMOUNT_MAX_CENTS }
    : { min: GOAL_TIPPERS_MIN, max: GOAL_TIPPERS_MAX };
}

/**
 * The field error of a goal's target (`goalAmountRange` with cents, `goalTippersRange` with a count),
 * or undefined when it may be saved.
 */
export function goalTargetError(kind: GoalKind, target: unknown): FieldError | undefined {
  const { min, max } = goalRange(kind);
  if (typeof target !== 'number' || !Number.isInteger(target) || target < min || target > max) {
    return { key: kind === 'AMOUNT' ? 'goalAmountRange' : 'goalTippersRange', params: { min, max } };
  }
  return undefined;
}

/** Goals and supporters count Dutch calendar months, like the statistics. */
export const GOAL_TIME_ZONE = 'Europe/Amsterdam';

/**
 * The calendar month (Europe/Amsterdam) that `now` falls in: its key 'YYYY-MM' and its first day and
 * the first day of the next month ('YYYY-MM-DD', the second excluded).
 */
export function goalMonthOf(now: Date): { month: string; from: string; until: string } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: GOAL_TIME_ZONE, year: 'numeric', month: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, string>>((all, part) => Object.assign(all, { [part.type]: part.value }), {});
  const year = Number(parts.year);
  const month = Number(parts.month);
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  const key = (y: number, m: number) => `${y}-${String(m).padStart(2, '0')}`;
  return { month: key(year, month), from: `${key(year, month)}-01`, until: `${key(next.year, next.month)}-01` };
}

/** Progress toward a goal as a whole percentage, 0–100 (a goal met or passed is 100). */
export function goalPercent(current: number, target: number): number {
  if (target <= 0) return 0;
  return Math.min(100, Math.floor((Math.max(0, current) * 100) / target));
}

/** How many recent supporters the storefront lists. */
export const SUPPORTER_WALL_SIZE = 10;
