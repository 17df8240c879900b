import { BOOSTS_PER_EPISODE_MAX, type Boost, type BoostList } from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import { loadManagedTipjar } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import * as episodesQueries from '../episodes/episodes.queries.js';
import * as repo from './tips.boosts.repository.js';

/*
 * Episode boosts (issue 41 part 5, decision 097): the maker's read-on-air list per episode and its done
 * tick. Only the tip jar's admins and platform admins (loadManagedTipjar: anyone else gets the 404 of
 * a tip jar they cannot see); name and amount as the maker's tips list shows them.
 */

function toBoost(row: repo.BoostRow): Boost {
  return {
    id: row.id,
    moment: row.moment,
    privacy: row.privacy,
    displayName: row.privacy === 'ANONYMOUS' ? null : (row.displayName ?? null),
    message: row.message,
    amount: row.amount,
    readAt: row.readAt ? row.readAt.toISOString() : null,
    created: row.created.toISOString(),
  };
}

/** GET tipjars/{id}/episodes/{episodeId}/boosts. */
export async function listEpisodeBoosts(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  episodeId: string,
): Promise<BoostList> {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const [episode, rows] = await Promise.all([
    episodesQueries.findEpisodeEvenRemoved(ctx.db, tipjarId, episodeId),
    repo.listBoosts(ctx.db, tipjarId, episodeId, BOOSTS_PER_EPISODE_MAX),
  ]);
  if (!episode) throw AppError.notFound('Episode');
  return { episode, boosts: rows.map(toBoost) };
}

/** PUT tipjars/{id}/boosts/{tipId}: ticked done (read on air) or not; 404 for anything but a paid boost of this tip jar. */
export async function setBoostRead(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  tipId: string,
  read: boolean,
): Promise<Boost> {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const row = await repo.setBoostRead(ctx.db, tipjarId, tipId, read);
  if (!row) throw AppError.notFound('Boost');
  return toBoost(row);
}
