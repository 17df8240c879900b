import type {
  CreatePaymentMethodBodySchema,
  PaymentChoice,
  PaymentMethod,
  UpdatePaymentMethodBodySchema,
} from '@podpot/domain';
import { type AuditAction, ErrorCode } from '@podpot/domain';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { isAdmin } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import type { ParsedListQuery } from '../../lib/list-query.js';
import { createPublicCache } from '../../lib/public-cache.js';
import { changesOf, recordAudit } from '../audit/audit.service.js';
import * as repo from './paymentmethods.repository.js';

async function withIssuers(db: DbOrTx, rows: repo.PaymentMethodRow[]): Promise<PaymentMethod[]> {
  const issuers = await repo.listIssuers(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    type: r.type,
    active: r.active,
    priority: r.priority,
    paymentissuers: issuers.get(r.id) ?? [],
  }));
}

type PublicList = { data: PaymentMethod[]; metadata: { count: number } };
/**
 * The public list is read by every checkout and changes rarely: it is kept for a few seconds per
 * process and dropped on every change made through this process (lib/public-cache.ts). Other
 * instances see a change within PUBLIC_LIST_TTL_MS.
 */
const PUBLIC_LIST_TTL_MS = 10_000;
const publicList = createPublicCache<PublicList>({ ttlMs: PUBLIC_LIST_TTL_MS, maxEntries: 1 });

function isDefaultQuery(query: ParsedListQuery) {
  return query.skip === 0 && query.limit === 100 && !query.sortBy && query.sortDesc === undefined && !query.search;
}

/** Everyone sees active methods by priority desc; admins see all. */
export async function listPaymentMethods(
  ctx: AppContext,
  actor: Actor | null,
  query: ParsedListQuery<(typeof repo.PAYMENT_METHOD_SORTABLE)[number]>,
): Promise<PublicList> {
  const admin = isAdmin(actor);
  const load = async () => {
    const { rows, count } = await repo.listPaymentMethods(ctx.db, query, !admin);
    return { data: await withIssuers(ctx.db, rows), metadata: { count } };
  };
  if (admin || !isDefaultQuery(query)) return load();
  return publicList.get(ctx, 'active', load);
}

export async function getPaymentMethod(ctx: AppContext, actor: Actor | null, id: string): Promise<PaymentMethod> {
  const row = await repo.findPaymentMethod(ctx.db, id);
  if (!row || (!row.active && !isAdmin(actor))) throw AppError.notFound('Payment method');
  const [method] = await withIssuers(ctx.db, [row]);
  return method!;
}

/** The fields of a payment method the audit trail follows. */
const AUDITED_METHOD_FIELDS = ['name', 'type', 'active', 'priority'] as const;
const methodValues = (row: repo.PaymentMethodRow) => ({
  name: row.name,
  type: row.type,
  active: row.active,
  priority: row.priority,
});

export async function createPaymentMethod(
  ctx: AppContext,
  data: z.infer<typeof CreatePaymentMethodBodySchema>['data'],
  actor: Actor,
) {
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertPaymentMethod(tx, data);
    await recordAudit(tx, actor, { ...methodChange('paymentmethod.created', created), after: methodValues(created) });
    return created;
  });
  const [method] = await withIssuers(ctx.db, [row]);
  return method!;
}

export async function updatePaymentMethod(
  ctx: AppContext,
  id: string,
  data: z.infer<typeof UpdatePaymentMethodBodySchema>['data'],
  actor: Actor,
) {
  const row = await ctx.db.transaction(async (tx) => {
    const before = await repo.findPaymentMethod(tx, id, { forUpdate: true });
    if (!before) return undefined;
    const after = await repo.updatePaymentMethod(tx, id, data);
    const changes = after && changesOf(methodValues(before), methodValues(after), AUDITED_METHOD_FIELDS);
    if (changes) await recordAudit(tx, actor, { ...methodChange('paymentmethod.updated', before), ...changes });
    return after;
  });
  if (!row) throw AppError.notFound('Payment method');
  const [method] = await withIssuers(ctx.db, [row]);
  return method!;
}

export async function deletePaymentMethod(ctx: AppContext, id: string, actor: Actor) {
  const deleted = await ctx.db.transaction(async (tx) => {
    const removed = await repo.deletePaymentMethod(tx, id);
    if (removed) {
      await recordAudit(tx, actor, {
        ...methodChange('paymentmethod.deleted', removed),
        before: methodValues(removed),
      });
    }
    return removed;
  });
  if (!deleted) throw AppError.notFound('Payment method');
}

function methodChange(action: AuditAction, row: repo.PaymentMethodRow) {
  return { action, entityType: 'paymentmethod' as const, entityId: row.id };
}

/**
 * Refreshes the bank list of a method from the payment provider. Only iDEAL has banks; for other
 * types the list becomes empty. The provider is called before the transaction (no network call inside one).
 */
export async function syncIssuers(ctx: AppContext, id: string): Promise<PaymentMethod> {
  const row = await repo.findPaymentMethod(ctx.db, id);
  if (!row) throw AppError.notFound('Payment method');
  let issuers: { bic: string; name: string }[] = [];
  if (row.type === 'ideal') {
    try {
      issuers = await ctx.opp.listIdealIssuers();
    } catch (err) {
      ctx.log.error({ err }, 'issuer sync failed');
      throw new AppError(ErrorCode.PaymentProvider, 'The payment provider could not be reached; try again later');
    }
  }
  await ctx.db.transaction((tx) => repo.replaceIssuers(tx, id, dedupe(issuers)));
  const [method] = await withIssuers(ctx.db, [row]);
  return method!;
}

function dedupe(issuers: { bic: string; name: string }[]) {
  return [...new Map(issuers.map((i) => [i.bic, i])).values()];
}

/**
 * The payment method behind a listener's or maker's choice; an inactive or unknown method is a
 * field error. The bank a listener picked (`paymentissuer`) is accepted but never sent to the
 * provider: with iDEAL 2.0 the payer chooses their bank on the iDEAL hub page (docs/provider.md §6), and
 * an issuer the hub no longer takes would fail the payment.
 */
export async function resolvePaymentChoice(
  ctx: AppContext,
  choice: PaymentChoice,
  field: string,
): Promise<{ type: string }> {
  const method = await repo.findActivePaymentMethod(ctx.db, choice.paymentmethod);
  return paymentChoiceOf(method?.type, field);
}

/** resolvePaymentChoice for a method type read elsewhere (a tip's one read, decision 047): none is a 400. */
export function paymentChoiceOf(type: string | null | undefined, field: string): { type: string } {
  if (!type) {
    throw AppError.field(ErrorCode.Validation, field, { key: 'choice' }, 'Choose an available payment method');
  }
  return { type };
}
