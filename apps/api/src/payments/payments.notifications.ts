import { ErrorCode } from '@podpot/domain';
import { AppError } from '../lib/app-error.js';
import { KeyedCoalescer, TokenBucket } from '../lib/throttle.js';
import type { PaymentLedger, PaymentsContext } from './ledger.js';
import { type SignedNotification, verifyNotification } from './notify-signature.js';
import { OppError, type OppNotificationBody, type OppTransaction } from './opp-client.js';
import { applyProviderTransaction } from './payments.apply.js';
import * as repo from './payments.repository.js';
import { providerUnavailable } from './payments.service.js';

/* Provider notifications: pokes that make us re-read the object they name (docs/provider.md §12). */

export type NotificationResult = 'applied' | 'duplicate' | 'ignored';

/** What the uid prefix of an object says it is (docs/provider.md §0), for pokes that do not name the type. */
const OBJECT_TYPE_OF_PREFIX: Readonly<Record<string, string>> = {
  tra: 'transaction',
  mer: 'merchant',
  bnk: 'bank_account',
  mdt: 'mandate',
  con: 'contact',
  ref: 'refund',
  wds: 'withdrawal',
  set: 'settlement',
  pro: 'profile',
};

/** A notification as received: its fields (JSON or form) and what its signature is checked on. */
export interface IncomingNotification extends SignedNotification {
  fields: NotificationFields;
}

export interface NotificationFields {
  uid?: string;
  type?: string;
  object_uid: string;
  object_type?: string;
  object_url?: string;
  parent_uid?: string | null;
  parent_type?: string | null;
  verification_hash?: string;
}

/** Per app: one re-read per object per window (pokes meanwhile share the next), and a budget for strangers. */
interface PokeGuards {
  reads: KeyedCoalescer<NotificationResult>;
  /** Reads of transactions we hold no row for (only while an adoption is awaited): a few per second. */
  unknownReads: TokenBucket;
}
const guards = new WeakMap<PaymentsContext, PokeGuards>();

function guardsOf(ctx: PaymentsContext): PokeGuards {
  let found = guards.get(ctx);
  if (!found) {
    found = {
      reads: new KeyedCoalescer(ctx.config.OPP_NOTIFY_REREAD_MS),
      unknownReads: new TokenBucket(5, 20),
    };
    guards.set(ctx, found);
  }
  return found;
}

/**
 * The poke as we act on it: the object's type (named, or inferred from its uid prefix), and an
 * `object_url`, if one is given, checked to name a path under the provider API — by path, not host,
 * so a provider reached through an egress proxy is still recognised (it is never fetched — the
 * object is re-read by uid — but one naming no API path marks the poke as not OPP's).
 */
function normalise(ctx: PaymentsContext, fields: NotificationFields): OppNotificationBody {
  if (fields.object_url !== undefined && !ctx.opp.apiPathOf(fields.object_url)) {
    ctx.log.warn(
      { objectUrl: fields.object_url, objectUid: fields.object_uid },
      'notification names a URL off the provider',
    );
    throw AppError.field(
      ErrorCode.BadRequest,
      'object_url',
      { key: 'url' },
      'object_url is not on the payment provider',
    );
  }
  const prefix = fields.object_uid.split('_')[0] ?? '';
  return {
    ...fields,
    object_type: fields.object_type ?? OBJECT_TYPE_OF_PREFIX[prefix] ?? '',
  };
}

/**
 * A provider notification is a poke (docs/provider.md §12): whatever it says, we re-read the object it
 * names by uid from the configured API with our key, and act only on that answer. The signature is
 * checked by the configured scheme; a mismatch is logged and the poke is still only a re-read, so a
 * forgery can cause an authenticated read and nothing else. Re-reads of one object are coalesced
 * (at most one per OPP_NOTIFY_REREAD_MS; pokes meanwhile share the next one), so a flood of pokes
 * cannot make us hammer the provider. A verified notification seen before is skipped. What the
 * object's new state means for our rows is the ledger's to say.
 */
export async function handleNotification(
  ctx: PaymentsContext,
  ledger: PaymentLedger,
  incoming: IncomingNotification,
): Promise<NotificationResult> {
  const verdict = verifyNotification(ctx.config.OPP_NOTIFY_SCHEME, ctx.config.OPP_NOTIFY_SECRET, incoming);
  const body = normalise(ctx, incoming.fields);
  if (verdict === 'mismatch') {
    ctx.log.warn(
      { scheme: ctx.config.OPP_NOTIFY_SCHEME, uid: body.uid, objectUid: body.object_uid },
      'notification signature does not match: only re-reading the object',
    );
  }
  // Only a verified uid may mark a notification as seen: a forger must not pre-empt a real one.
  const seen = verdict === 'verified' && body.uid ? body.uid : undefined;
  if (seen && (await repo.isNotificationProcessed(ctx.db, seen))) return 'duplicate';
  const result = await reread(ctx, ledger, body);
  if (seen && result === 'applied') {
    await repo.insertNotification(ctx.db, {
      uid: seen,
      type: body.type ?? `${body.object_type}.poke`,
      objectType: body.object_type,
      objectUid: body.object_uid,
    });
  }
  return result;
}

/** Re-reads the notified object (coalesced per object) and applies what the provider says. */
function reread(ctx: PaymentsContext, ledger: PaymentLedger, body: OppNotificationBody): Promise<NotificationResult> {
  const { reads } = guardsOf(ctx);
  if (body.object_type === 'transaction') {
    return reads.run(`transaction:${body.object_uid}`, () => rereadTransaction(ctx, ledger, body.object_uid));
  }
  const handler = ledger.notifications[body.object_type];
  if (!handler) {
    ctx.log.info({ type: body.type, objectType: body.object_type }, 'provider notification not handled');
    return Promise.resolve('ignored');
  }
  // The handler re-reads the object from the provider and applies it idempotently; a failure answers
  // non-2xx, so the provider sends the notification again.
  const key = `${body.object_type}:${body.object_uid}:${body.parent_uid ?? ''}`;
  return reads.run(key, async () => {
    await handler(body);
    return 'applied';
  });
}

async function rereadTransaction(
  ctx: PaymentsContext,
  ledger: PaymentLedger,
  uid: string,
): Promise<NotificationResult> {
  const row = await repo.findTransactionRowByUid(ctx.db, uid);
  if (row) {
    await applyProviderTransaction(ctx, ledger, row.id, await readNotifiedTransaction(ctx, uid));
    return 'applied';
  }
  // Not ours (yet). Either a create whose answer we have not recorded (the reconcile job re-sends it)
  // or a transaction a module adopts, e.g. a mandate's first payment: read only while one is awaited.
  const adopters = await awaitingAdopters(ledger);
  if (adopters.length === 0) {
    ctx.log.warn({ objectUid: uid }, 'notification for an unknown transaction');
    return 'ignored';
  }
  if (!guardsOf(ctx).unknownReads.take()) {
    throw new AppError(ErrorCode.RateLimited, 'Too many notifications about unknown objects; send again later');
  }
  let answer: OppTransaction;
  try {
    answer = await readNotifiedTransaction(ctx, uid);
  } catch (err) {
    if (err instanceof AppError && err.code === ErrorCode.BadRequest) return 'ignored';
    throw err;
  }
  for (const adopter of adopters) {
    const adopted = await adopter.adopt(answer);
    if (adopted) {
      await applyProviderTransaction(ctx, ledger, adopted.id, answer);
      return 'applied';
    }
  }
  ctx.log.warn({ objectUid: uid }, 'notification for a transaction nobody adopts');
  return 'ignored';
}

async function awaitingAdopters(ledger: PaymentLedger) {
  const awaiting = await Promise.all(ledger.adopters.map((adopter) => adopter.awaits()));
  return ledger.adopters.filter((_, i) => awaiting[i]);
}

/** The transaction as the provider answers it, read by uid with our key; a 404 is a 400 (not ours). */
async function readNotifiedTransaction(ctx: PaymentsContext, uid: string): Promise<OppTransaction> {
  let answer: OppTransaction;
  try {
    answer = await ctx.opp.getTransaction(uid);
  } catch (err) {
    if (err instanceof OppError && (err.status === 404 || err.status === 410)) {
      throw AppError.field(ErrorCode.BadRequest, 'object_uid', { key: 'invalid' }, 'The provider knows no such object');
    }
    ctx.log.error({ err, objectUid: uid }, 'reading the notified transaction failed');
    throw providerUnavailable();
  }
  if (answer.uid !== uid) {
    ctx.log.error({ objectUid: uid, answered: answer.uid }, 'the provider answered another transaction');
    throw providerUnavailable();
  }
  return answer;
}
