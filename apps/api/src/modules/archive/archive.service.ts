import {
  type DeletionKind,
  ErrorCode,
  PAYMENT_DIALOG_STATUSES,
  type TipjarDeletion,
  type UserDeletion,
} from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { isAdmin, loadManagedTipjar } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { type AuditChange, recordAudit } from '../audit/audit.service.js';
import {
  cancelMonthlyTipsOf,
  countRunningMonthlyTips,
  revokeCancelledMandates,
} from '../recurring-tips/recurring-tips.cancel.js';
import * as tipjarsQueries from '../tipjars/tipjars.queries.js';
import * as usersQueries from '../users/users.queries.js';
import * as repo from './archive.repository.js';

/**
 * DELETE tipjars/{id} and DELETE users/{id}: money records are never deleted (docs/money-rules.md §9,
 * docs/decisions/009-archiving.md). A tip jar or user with any money history is ARCHIVED — hidden,
 * no longer tippable or able to sign in, its running monthly tips cancelled with a mail to each
 * tipper — and only one without any is deleted for real. Everything in the database happens in one
 * transaction; the provider calls (revoking mandates) follow the commit, and what they leave undone
 * the reconcile job finishes. Running either again is harmless: it only retries those revocations.
 */

interface DeletionPlan {
  kind: DeletionKind;
  remove(): Promise<unknown>;
  archive(at: Date): Promise<unknown>;
  /** What the audit trail records of it (the action and `after` follow from `kind`); null: nothing changes. */
  audit: Omit<AuditChange, 'action' | 'after'> | null;
}

/**
 * One transaction: `plan` locks and checks the tip jar or user and says what it will be; then it is
 * deleted, or archived with its running monthly tips cancelled (and their mails queued). After the
 * commit the provider revokes the mandates; whatever it leaves undone the reconcile job finishes.
 */
async function deleteOrArchive(
  ctx: AppContext,
  actor: Actor,
  whose: { tipjarId: string } | { userId: string },
  plan: (tx: Tx) => Promise<DeletionPlan>,
): Promise<DeletionKind> {
  const deletion = await ctx.db.transaction(async (tx) => {
    const { kind, remove, archive, audit } = await plan(tx);
    if (kind === 'delete') {
      await remove();
    } else {
      await archive(new Date());
      await cancelMonthlyTipsOf(tx, whose, { brand: ctx.config.BRAND_NAME });
    }
    if (audit) {
      const entity = 'tipjarId' in whose ? 'tipjar' : 'user';
      const archived = kind === 'archive';
      await recordAudit(tx, actor, {
        ...audit,
        action: `${entity}.${archived ? 'archived' : 'deleted'}`,
        after: archived ? { archived: true } : null,
      });
    }
    return kind;
  });
  if (deletion === 'archive') {
    ctx.outbox.kick(); // the tippers' mails go out now, not at the next scheduled round
    await revokeCancelledMandates(ctx, { of: whose });
  }
  ctx.log.info({ ...whose, deletion }, 'deleted or archived');
  return deletion;
}

/* ---------- tip jars ---------- */

/** Only a NEW tip jar that never saw a payment, tip, monthly tip or invoice is deleted for real. */
async function tipjarDeletionKind(db: DbOrTx, tipjar: tipjarsQueries.TipjarRow): Promise<DeletionKind> {
  if (tipjar.archivedAt || tipjar.status !== 'NEW') return 'archive';
  return (await repo.tipjarHasMoneyRecords(db, tipjar.id)) ? 'archive' : 'delete';
}

/** Its admins may delete an order that was never paid; platform admins any tip jar. */
function assertMayDeleteTipjar(actor: Actor, tipjar: tipjarsQueries.TipjarRow) {
  if (!isAdmin(actor) && !PAYMENT_DIALOG_STATUSES.includes(tipjar.status)) {
    throw AppError.because(ErrorCode.Conflict, 'paidTipjarRemoval');
  }
}

/** GET tipjars/{id}/deletion: what DELETE would do, for the confirmation dialog. */
export async function getTipjarDeletion(ctx: AppContext, actor: Actor, id: string): Promise<TipjarDeletion> {
  const tipjar = await loadManagedTipjar(ctx, actor, id);
  const [deletion, monthlyTipsToCancel] = await Promise.all([
    tipjarDeletionKind(ctx.db, tipjar),
    countRunningMonthlyTips(ctx.db, { tipjarId: id }),
  ]);
  return { deletion, monthlyTipsToCancel };
}

/**
 * DELETE tipjars/{id}. Under the tip jar's lock (a monthly tip being created waits, then finds it
 * archived): deleted when it has no money records; otherwise archived, its monthly tips cancelled and
 * their tippers' mails queued. After the commit, the mandates are revoked at the provider.
 */
export async function deleteTipjar(ctx: AppContext, actor: Actor, id: string): Promise<DeletionKind> {
  assertMayDeleteTipjar(actor, await loadManagedTipjar(ctx, actor, id));
  return deleteOrArchive(ctx, actor, { tipjarId: id }, async (tx) => {
    const tipjar = await tipjarsQueries.lockTipjar(tx, id);
    if (!tipjar) throw AppError.notFound('Tip jar');
    assertMayDeleteTipjar(actor, tipjar);
    return {
      kind: await tipjarDeletionKind(tx, tipjar),
      remove: () => tipjarsQueries.deleteTipjar(tx, id),
      archive: (at) => tipjarsQueries.archiveTipjar(tx, id, at),
      // Archiving again only retries the revocations: no second entry.
      audit: tipjar.archivedAt
        ? null
        : { entityType: 'tipjar', entityId: id, tipjarId: id, before: { status: tipjar.status } },
    };
  });
}

/* ---------- users ---------- */

async function userDeletionKind(db: DbOrTx, user: usersQueries.UserRow): Promise<DeletionKind> {
  if (user.archivedAt) return 'archive';
  return (await repo.userHasMoneyRecords(db, user.id)) ? 'archive' : 'delete';
}

/** GET users/{id}/deletion (platform admins): what DELETE would do, for the confirmation dialog. */
export async function getUserDeletion(ctx: AppContext, id: string): Promise<UserDeletion> {
  const user = await usersQueries.findUserById(ctx.db, id);
  if (!user) throw AppError.notFound('User');
  const [deletion, monthlyTipsToCancel, soleAdminOf] = await Promise.all([
    userDeletionKind(ctx.db, user),
    countRunningMonthlyTips(ctx.db, { userId: id }),
    usersQueries.listSoleAdminTipjars(ctx.db, id),
  ]);
  return { deletion, monthlyTipsToCancel, soleAdminOf };
}

/**
 * DELETE users/{id} (platform admins). A user who alone administers a tip jar is refused (409): the
 * tip jar needs another admin, or to be deleted itself, first — it is never left orphaned. Otherwise,
 * in one transaction: deleted when they have no money records; else archived (tokens and login stop
 * working, off the tip jars they helped run), their monthly tips cancelled with a mail each. After
 * the commit, the mandates are revoked at the provider.
 */
export async function deleteUser(ctx: AppContext, actor: Actor, id: string): Promise<DeletionKind> {
  if (id === actor.userId) throw AppError.because(ErrorCode.Conflict, 'ownAccount');
  return deleteOrArchive(ctx, actor, { userId: id }, async (tx) => {
    const user = await usersQueries.lockUser(tx, id);
    if (!user) throw AppError.notFound('User');
    const soleAdminOf = await usersQueries.listSoleAdminTipjars(tx, id);
    if (soleAdminOf.length > 0) {
      throw new AppError(
        ErrorCode.Conflict,
        `This user alone administers ${soleAdminOf.map((t) => t.name).join(', ')}: give it another admin or delete it first`,
      );
    }
    return {
      kind: await userDeletionKind(tx, user),
      remove: () => usersQueries.deleteUser(tx, id),
      archive: (at) => usersQueries.archiveUser(tx, id, at),
      audit: user.archivedAt ? null : { entityType: 'user', entityId: id, before: { role: user.role } },
    };
  });
}
