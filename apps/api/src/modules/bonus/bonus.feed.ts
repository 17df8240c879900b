import type { SupporterFeed } from '@podpot/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { ownsRecurringTip, type RecurringTipOwner } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { qrSvg } from '../../lib/qr.js';
import { feedStateOf, hearsEpisode } from './bonus.access.js';
import { EXTENSION_OF } from './bonus.files.js';
import * as repo from './bonus.repository.js';
import { endedFeedXml, openFeedXml } from './bonus.rss.js';
import { feedTokenMatches, feedTokenSubject, feedUrlOf, signFeedToken } from './feed-token.js';

/** A supporter's private feed (issue 40, decision 090): their own page, the public feed, its files. */

const NO_TIP = '00000000-0000-0000-0000-000000000000';

async function stateOf(db: DbOrTx, tip: repo.FeedTipRow, now = new Date()) {
  const [levels, episodeCount] = await Promise.all([
    repo.levelsOf(db, tip.tipjarId),
    repo.countEpisodes(db, tip.tipjarId),
  ]);
  return { levels, state: feedStateOf(tip, { episodeCount, levels }, now) };
}

/** The feed URL of a recurring tip at its current version. */
export function supporterFeedUrl(ctx: AppContext, tip: { id: string; feedTokenVersion: number }): string {
  return feedUrlOf(ctx, signFeedToken(ctx, tip.id, tip.feedTokenVersion));
}

/**
 * The feed URL for a mail (the welcome mail of a new supporter), when the tip's feed is open now;
 * else null. Pass the transaction that just recorded the payment.
 */
export async function openFeedUrlOf(ctx: AppContext, db: DbOrTx, recurringTipId: string): Promise<string | null> {
  const tip = await repo.findFeedTip(db, recurringTipId);
  if (!tip) return null;
  const { state } = await stateOf(db, tip);
  return state === 'open' ? supporterFeedUrl(ctx, tip) : null;
}

async function ownTip(ctx: AppContext, owner: RecurringTipOwner, recurringTipId: string) {
  const tip = await repo.findFeedTip(ctx.db, recurringTipId);
  // Someone else's monthly tip is as unknown as one that does not exist (the rule of the tip's own routes).
  if (!tip || !ownsRecurringTip(owner, tip)) throw AppError.notFound('Recurring tip');
  return tip;
}

function toSupporterFeed(ctx: AppContext, tip: repo.FeedTipRow, state: SupporterFeed['state']): SupporterFeed {
  const url = state === 'none' ? null : supporterFeedUrl(ctx, tip);
  return {
    state,
    url,
    flaggedAt: tip.feedFlaggedAt?.toISOString() ?? null,
    qrSvg: url ? qrSvg(url, tip.tipjarName) : null,
  };
}

/** GET user/me/recurringtips/{id}/feed: only the tipper's own (signed in, or by its manage link). */
export async function getMyFeed(
  ctx: AppContext,
  owner: RecurringTipOwner,
  recurringTipId: string,
): Promise<SupporterFeed> {
  const tip = await ownTip(ctx, owner, recurringTipId);
  return toSupporterFeed(ctx, tip, (await stateOf(ctx.db, tip)).state);
}

/** POST user/me/recurringtips/{id}/feed/rotate: a new URL; the old one answers 404 from now on. */
export async function rotateMyFeed(
  ctx: AppContext,
  owner: RecurringTipOwner,
  recurringTipId: string,
): Promise<SupporterFeed> {
  await ownTip(ctx, owner, recurringTipId);
  await repo.rotateFeed(ctx.db, recurringTipId);
  return getMyFeed(ctx, owner, recurringTipId);
}

/**
 * The recurring tip a feed token opens, with its feed state and levels — or null for a token that is
 * malformed, forged, rotated away, or of a tip whose feed is 'none'. One HMAC whatever the token.
 */
export async function resolveFeedToken(ctx: AppContext, token: string) {
  const subject = feedTokenSubject(token);
  const tip = subject ? await repo.findFeedTip(ctx.db, subject) : undefined;
  const matches = feedTokenMatches(ctx, token, subject ?? NO_TIP, tip?.feedTokenVersion ?? -1);
  if (!tip || !matches) return null;
  const { state, levels } = await stateOf(ctx.db, tip);
  return state === 'none' ? null : { tip, state, levels };
}

/** The feed's XML for a resolved token. */
export async function feedXml(
  ctx: AppContext,
  token: string,
  resolved: NonNullable<Awaited<ReturnType<typeof resolveFeedToken>>>,
) {
  const { tip, state, levels } = resolved;
  const channel = {
    tipjarName: tip.tipjarName,
    locale: tip.locale,
    link: `${ctx.config.publicUrl}/${tip.tipjarSlug}`,
  };
  const now = new Date();
  if (state === 'ended') return endedFeedXml(channel, `ended-${tip.id}-${tip.lastPaidAt?.getTime() ?? 0}`, now);
  const base = `${ctx.config.publicUrl}/feeds/${token}`;
  const episodes = (await repo.publishedEpisodes(ctx.db, tip.tipjarId, now))
    .filter((ep) => hearsEpisode(levels, tip, ep.levelId))
    .map((ep) => ({
      id: ep.id,
      title: ep.title,
      description: ep.description,
      publishedAt: ep.publishedAt,
      duration: ep.duration,
      audio: {
        url: `${base}/audio/${ep.id}.${EXTENSION_OF[ep.audioType ?? ''] ?? 'mp3'}`,
        type: ep.audioType ?? 'audio/mpeg',
        bytes: ep.audioBytes ?? 0,
      },
      artworkUrl: ep.artworkKey ? `${base}/artwork/${ep.id}.${EXTENSION_OF[ep.artworkType ?? ''] ?? 'jpg'}` : null,
    }));
  return openFeedXml(channel, episodes);
}

/**
 * The stored file of an episode a token may hear (open feed, published, at the supporter's level), or
 * null: a wrong or rotated token, an ended feed, another tip jar's episode all answer the same 404.
 */
export async function feedFile(ctx: AppContext, token: string, episodeId: string, kind: 'audio' | 'artwork') {
  const resolved = await resolveFeedToken(ctx, token);
  if (resolved?.state !== 'open') return null;
  const { tip, levels } = resolved;
  const episode = await repo.findEpisode(ctx.db, tip.tipjarId, episodeId);
  if (!episode || episode.publishedAt > new Date() || !hearsEpisode(levels, tip, episode.levelId)) return null;
  const key = kind === 'audio' ? episode.audioKey : episode.artworkKey;
  const type = kind === 'audio' ? episode.audioType : episode.artworkType;
  return key && type ? { key, type } : null;
}
