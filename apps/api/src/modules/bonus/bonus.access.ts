import { type LevelLike, levelOf, type RecurringInterval } from '@podpot/domain';

/**
 * Who hears a tip jar's private supporter feed (issue 40, decision 090) — the one place this is decided:
 * the feed route, the supporter's own page, the welcome mail and the maker's count all ask here.
 */

export interface FeedLevel extends LevelLike {
  unlocksFeed: boolean;
}

export interface FeedTip {
  status: 'active' | 'paused' | 'cancelled';
  mandateStatus: 'pending' | 'valid' | 'invalid' | 'revoked' | 'held';
  interval: RecurringInterval;
  /** Cents per period (month or year). */
  amount: number;
  /** Some charge was ever collected (even one charged back or refunded since): else the tip never started. */
  everPaid: boolean;
  /** The latest charge that is still completed (not charged back or refunded); null = none. */
  lastPaidAt: Date | null;
}

/** A yearly tip unlocks the feed for its year: this long after its last completed charge. */
export const YEARLY_FEED_DAYS = 365;

/** The tip jar offers a feed: it has a bonus episode, or a level that unlocks the feed. */
export function offersFeed(episodeCount: number, levels: readonly FeedLevel[]): boolean {
  return episodeCount > 0 || levels.some((l) => l.unlocksFeed);
}

/**
 * The level of the tip reaches the feed: when no level unlocks it, every supporter has it; else the
 * tip's level (levelOf) must be at or above the cheapest unlocking level.
 */
export function levelUnlocksFeed(levels: readonly FeedLevel[], tip: Pick<FeedTip, 'amount' | 'interval'>): boolean {
  const unlocking = levels.filter((l) => l.unlocksFeed).map((l) => l.amount);
  if (unlocking.length === 0) return true;
  const level = levelOf(levels, tip.amount, tip.interval);
  return level !== null && level.amount >= Math.min(...unlocking);
}

/**
 * - none: no feed offered, this tip's level does not unlock it, or the tip never paid;
 * - open: active with a valid mandate — or a yearly tip within YEARLY_FEED_DAYS of its last payment;
 * - ended: cancelled, paused, the mandate revoked or invalid (dunning given up, a chargeback).
 */
export function feedStateOf(
  tip: FeedTip,
  tipjar: { episodeCount: number; levels: readonly FeedLevel[] },
  now = new Date(),
): 'none' | 'open' | 'ended' {
  if (!offersFeed(tipjar.episodeCount, tipjar.levels) || !levelUnlocksFeed(tipjar.levels, tip)) return 'none';
  if (!tip.everPaid) return 'none';
  if (tip.status === 'active' && tip.mandateStatus === 'valid') return 'open';
  const paid = tip.lastPaidAt;
  if (tip.interval === 'year' && paid && now.getTime() - paid.getTime() < YEARLY_FEED_DAYS * 86_400_000) {
    return 'open';
  }
  return 'ended';
}

/**
 * Whether a supporter of `tip` hears an episode for `episodeLevelId` (null = every supporter with the
 * feed): the episode's level must be at or below the tip's level.
 */
export function hearsEpisode(
  levels: readonly FeedLevel[],
  tip: Pick<FeedTip, 'amount' | 'interval'>,
  episodeLevelId: string | null,
): boolean {
  if (episodeLevelId === null) return true;
  const needed = levels.find((l) => l.id === episodeLevelId);
  if (!needed) return true;
  const level = levelOf(levels, tip.amount, tip.interval);
  return level !== null && needed.amount <= level.amount;
}
