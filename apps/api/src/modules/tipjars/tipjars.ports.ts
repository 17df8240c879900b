import type { PublicTipjar, TipjarGoal } from '@podpot/domain';
import type { DbOrTx } from '../../db/client.js';

/*
 * What the tip jars' answers take from the modules above them (decision 072): ports, wired in app.ts
 * (the composition root) to the supporters and episodes modules, which sit above tip jars and feeds,
 * and handed in by whoever calls — never imported, never read off the app context.
 */

/**
 * A public tip jar's goal progress and supporter wall (decision 032), recent episodes (decision 034) and
 * levels (decision 091): read by the supporters, episodes and levels modules.
 */
export type StorefrontExtras = (
  db: DbOrTx,
  tipjar: { id: string; goal: TipjarGoal | null },
) => Promise<Required<Pick<PublicTipjar, 'goalProgress' | 'supporters' | 'recentEpisodes' | 'levels'>>>;

/**
 * A tip jar's feed address was set, changed or verified: its episode refresh starts over (decision 034;
 * the episodes module), in the transaction that saved it.
 */
export type FeedSaved = (db: DbOrTx, tipjarId: string) => Promise<void>;

/** The tip jars' ports, as their routes get them. */
export interface TipjarPorts {
  storefront: StorefrontExtras;
  feedSaved: FeedSaved;
}
