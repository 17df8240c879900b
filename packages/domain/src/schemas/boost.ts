import { z } from 'zod';
import { TIP_PRIVACY } from '../tip-rules.js';
import { TipEpisodeRefSchema } from './episode.js';

/*
 * Episode boosts (issue 41 part 5, decision 097): paid episode tips whose tipper asked for the message
 * to be read on air, most often "at 12:34". The maker's Episodes page lists them per episode, ordered
 * by moment, and ticks each one done once read.
 */

/** One boost as the tip jar's admins (and platform admins) see it: name and amount as in their tips list. */
export const BoostSchema = z.object({
  /** The tip's id. */
  id: z.uuid(),
  /** Seconds into the episode, or null (no moment given). */
  moment: z.number().int().nullable(),
  privacy: z.enum(TIP_PRIVACY),
  /** null for an anonymous tip. */
  displayName: z.string().nullable(),
  message: z.string(),
  /** Cents. */
  amount: z.number().int(),
  /** When the maker ticked it done (read on air); null until then. */
  readAt: z.string().nullable(),
  created: z.string(),
});
export type Boost = z.infer<typeof BoostSchema>;

/** GET tipjars/{id}/episodes/{episodeId}/boosts: paid boosts of one episode, by moment (none last), then oldest first. */
export const BoostListSchema = z.object({
  episode: TipEpisodeRefSchema,
  boosts: z.array(BoostSchema),
});
export type BoostList = z.infer<typeof BoostListSchema>;

/** PUT tipjars/{id}/boosts/{tipId}: the done tick. */
export const BoostReadBodySchema = z.object({ data: z.object({ read: z.boolean() }) });
export type BoostReadBody = z.infer<typeof BoostReadBodySchema>;
