import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  canVerifyFeed,
  DEFAULT_LOCALE,
  ErrorCode,
  type FeedVerificationStarted,
  type Locale,
  maskEmail,
  normalizeFeedUrl,
  type Tipjar,
} from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { loadManagedTipjar } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { feedVerificationMail } from '../../mail/feed-mails.js';
import { queueMail, sendQueuedMail } from '../../mail/outbox.js';
import type { FeedSaved } from '../tipjars/tipjars.ports.js';
import * as tipjarsQueries from '../tipjars/tipjars.queries.js';
import { getTipjar } from '../tipjars/tipjars.service.js';
import { findUserLocale } from '../users/users.queries.js';
import { FeedFetchError } from './feeds.fetcher.js';
import * as repo from './feeds.repository.js';
import { feedError, readFeed } from './feeds.service.js';

/*
 * Ownership of a feed (decision 030): a 6-digit code goes to the owner address the feed names
 * (itunes:owner, else the podcast:locked owner); whoever enters it runs that mailbox, so the podcast.
 * Only the code's HMAC is stored; it expires after CODE_MINUTES and allows MAX_ATTEMPTS tries. Two
 * tip jars cannot both verify one feed: a unique index on the normalised address decides a race.
 *
 * Who may spend what (decision 064): the access check comes first, so an anonymous or foreign request
 * counts for nothing; only a paid tip jar mails a code (a free one would mail strangers' addresses
 * under a title its maker chose); the day's codes are counted per owner address and per account, the
 * day's wrong codes per feed and per owner address — across tip jars, so more tip jars buy no more.
 */

export const CODE_MINUTES = 15;
export const MAX_ATTEMPTS = 5;
/** Codes one owner address receives in a day, whichever tip jars ask. */
export const CODES_PER_ADDRESS_PER_DAY = 3;
/** Codes one account asks for in a day. */
export const CODES_PER_ACCOUNT_PER_DAY = 10;
/** Wrong codes entered in a day for one feed, and for one owner address: 10 in a million. */
export const WRONG_CODES_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60_000;

const dayAgo = () => new Date(Date.now() - DAY_MS);
const ownerKey = (email: string) => email.trim().toLowerCase();

function tooMany(field: string, key: 'feedCodesPerAddress' | 'feedCodesPerAccount' | 'codeGuessesUsedUp'): AppError {
  return AppError.field(ErrorCode.RateLimited, field, { key }, 'Too many tries today; try again tomorrow');
}

/** A code for this account now would pass its day's limit. */
async function assertAccountBudget(db: DbOrTx, userId: string) {
  const asked = await repo.countVerificationEvents(db, 'code', dayAgo(), { userId });
  if (asked >= CODES_PER_ACCOUNT_PER_DAY) throw tooMany('rssUrl', 'feedCodesPerAccount');
}

function hashCode(ctx: AppContext, tipjarId: string, code: string): string {
  return createHmac('sha256', ctx.config.JWT_SECRET).update(`feed-code:${tipjarId}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

function alreadyVerified(field: string): AppError {
  return AppError.field(
    ErrorCode.FeedAlreadyVerified,
    field,
    { key: 'feedAlreadyVerified' },
    'Another tip jar has already verified this feed',
  );
}

/** POST tipjars/{id}/feed/verification: reads the tip jar's feed and mails a new code to its owner address. */
export async function startFeedVerification(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  locale: Locale,
): Promise<FeedVerificationStarted> {
  const row = await loadManagedTipjar(ctx, actor, tipjarId);
  if (row.archivedAt) throw AppError.because(ErrorCode.Conflict, 'tipjarArchived');
  if (!canVerifyFeed(row)) {
    throw AppError.field(
      ErrorCode.Conflict,
      'rssUrl',
      { key: 'feedVerifyUnpaid' },
      'Verification is available once the tip jar is paid',
    );
  }
  if (!row.rssUrl) {
    throw AppError.field(ErrorCode.Conflict, 'rssUrl', { key: 'required' }, 'The tip jar has no feed yet');
  }
  const feedUrl = normalizeFeedUrl(row.rssUrl);
  if (row.feedVerifiedUrl === feedUrl) throw AppError.because(ErrorCode.Conflict, 'feedVerified');
  // Before the feed is read: an account past its day's codes costs no request to a stranger's server.
  await assertAccountBudget(ctx.db, actor.userId);
  // Network first, outside any transaction (docs/money-rules.md §1).
  const feed = await readFeed(ctx, row.rssUrl).catch((error) => {
    throw error instanceof FeedFetchError ? feedError(error, locale, 'rssUrl') : error;
  });
  if (!feed.ownerEmail) {
    throw AppError.field(
      ErrorCode.FeedNoOwnerEmail,
      'rssUrl',
      { key: 'feedNoOwnerEmail' },
      'The feed names no owner e-mail address',
    );
  }
  const holder = await tipjarsQueries.findTipjarByVerifiedFeed(ctx.db, feedUrl);
  if (holder && holder.id !== row.id) throw alreadyVerified('rssUrl');

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(Date.now() + CODE_MINUTES * 60_000);
  const mailLocale = (await findUserLocale(ctx.db, actor.userId)) ?? locale ?? DEFAULT_LOCALE;
  const mail = feedVerificationMail(mailLocale, {
    brand: ctx.config.BRAND_NAME,
    podcast: feed.title,
    tipjarName: row.name,
    code,
    minutes: CODE_MINUTES,
  });
  const email = ownerKey(feed.ownerEmail);
  // The code, its mail and its count commit together: a code exists exactly when its mail is queued and
  // counted. Counted under the owner address's lock, so requests at once from several tip jars queue.
  await ctx.db.transaction(async (tx) => {
    await repo.lockVerificationKeys(tx, [`address:${email}`, `account:${actor.userId}`]);
    await assertAccountBudget(tx, actor.userId);
    const sent = await repo.countVerificationEvents(tx, 'code', dayAgo(), { email });
    if (sent >= CODES_PER_ADDRESS_PER_DAY) throw tooMany('rssUrl', 'feedCodesPerAddress');
    await repo.upsertVerification(tx, {
      tipjarId: row.id,
      feedUrl,
      email: feed.ownerEmail!,
      codeHash: hashCode(ctx, row.id, code),
      expiresAt,
    });
    await repo.recordVerificationEvent(tx, { kind: 'code', tipjarId: row.id, userId: actor.userId, feedUrl, email });
    await queueMail(tx, { to: feed.ownerEmail!, ...mail });
  });
  await sendQueuedMail(ctx);
  return { sentTo: maskEmail(feed.ownerEmail), expiresAt: expiresAt.toISOString() };
}

type Outcome = 'verified' | 'wrong' | 'expired' | 'usedUp';

/** POST tipjars/{id}/feed/verification/confirm {code}: a right code marks the tip jar's feed verified. */
export async function confirmFeedVerification(
  ctx: AppContext,
  feedSaved: FeedSaved,
  actor: Actor,
  tipjarId: string,
  code: string,
): Promise<Tipjar> {
  const row = await loadManagedTipjar(ctx, actor, tipjarId);
  let outcome: Outcome;
  try {
    outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
      // The day's wrong codes count per feed and per owner address, whichever tip jars entered them:
      // those keys are locked first (as a new code locks its address before its row), then the check.
      const open = await repo.findVerification(tx, row.id);
      if (open) await repo.lockVerificationKeys(tx, [`address:${ownerKey(open.email)}`, `feed:${open.feedUrl}`]);
      // Locked: concurrent tries are counted one after the other, so MAX_ATTEMPTS holds.
      const check = await repo.lockVerification(tx, row.id);
      if (!check) return 'expired';
      if (check.expiresAt.getTime() <= Date.now() || check.attempts >= MAX_ATTEMPTS) {
        await repo.deleteVerification(tx, row.id);
        return 'expired';
      }
      const email = ownerKey(check.email);
      const guessed = await repo.countVerificationEvents(tx, 'guess', dayAgo(), { email, feedUrl: check.feedUrl });
      if (guessed >= WRONG_CODES_PER_DAY) return 'usedUp';
      if (!sameHash(check.codeHash, hashCode(ctx, row.id, code))) {
        // Committed with the answer: a wrong try counts even though it fails.
        await repo.countAttempt(tx, row.id);
        await repo.recordVerificationEvent(tx, {
          kind: 'guess',
          tipjarId: row.id,
          userId: actor.userId,
          feedUrl: check.feedUrl,
          email,
        });
        return 'wrong';
      }
      // Re-read in the transaction: the code is for the feed it was sent for, not one set since.
      const current = await tipjarsQueries.lockTipjar(tx, row.id);
      if (!current?.rssUrl || normalizeFeedUrl(current.rssUrl) !== check.feedUrl) {
        await repo.deleteVerification(tx, row.id);
        return 'expired';
      }
      await tipjarsQueries.updateTipjar(tx, row.id, { feedVerifiedUrl: check.feedUrl, feedVerifiedAt: new Date() });
      await repo.deleteVerification(tx, row.id);
      // A verified feed is read again at once (decision 034).
      await feedSaved(tx, row.id);
      return 'verified';
    });
  } catch (error) {
    // Another tip jar verified the same feed first: the unique index refused the second.
    if (isUniqueViolation(error, 'tipjars_feed_verified_url_key')) throw alreadyVerified('code');
    throw error;
  }
  if (outcome === 'usedUp') throw tooMany('code', 'codeGuessesUsedUp');
  if (outcome === 'wrong') throw AppError.field(ErrorCode.Validation, 'code', { key: 'codeWrong' }, 'Wrong code');
  if (outcome === 'expired') {
    throw AppError.field(ErrorCode.Validation, 'code', { key: 'codeExpired' }, 'The code expired; ask for a new one');
  }
  return getTipjar(ctx, actor, row.id);
}
