import {
  canTransitionInvoice,
  ErrorCode,
  type Invoice,
  type InvoiceLineInput,
  type InvoiceStatus,
  isFinishedPeriod,
  isInvoiceEditable,
  type ListResponse,
} from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { assertAdmin, loadManagedTipjar } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import type { ParsedListQuery } from '../../lib/list-query.js';
import { invoiceMail } from '../../mail/invoice-mails.js';
import { queueMail } from '../../mail/outbox.js';
import * as refundsQueries from '../refunds/refunds.queries.js';
import * as tipjarsQueries from '../tipjars/tipjars.queries.js';
import { type Amounts, amountsOfLines, type FeeCredits, monthOf, platformFeeAmounts } from './invoices.amounts.js';
import { auditInvoice } from './invoices.audit.js';
import { fileOf, type InvoiceDownload, pdfOf } from './invoices.files.js';
import * as repo from './invoices.repository.js';
import { type InvoiceDbRow as Row, toInvoice } from './invoices.views.js';

export type { InvoiceDownload } from './invoices.files.js';

/* ---------- creating (numbering) ---------- */

const NOT_ONCE = () => AppError.because(ErrorCode.Conflict, 'invoiceOncePerMonth');

/**
 * A month's invoice is made once the month is over: one made while it runs would miss its later
 * tips for good (the month is then invoiced). Months are the UTC months the invoice sums (monthOf).
 */
function assertFinished(period: string): void {
  if (!isFinishedPeriod(period)) {
    throw AppError.because(ErrorCode.Validation, 'periodNotFinished', {
      fields: { 'data.period': { key: 'periodNotFinished' } },
    });
  }
}

/**
 * An invoice of €0.00 is never made one at a time: it asks nothing, yet takes a number of the
 * gap-free series for good (issue 39.8). `field` is what made it empty: the lines, or a month
 * without fees. The batch never makes one (it invoices months with paid tips only).
 */
function assertNotEmpty(amounts: Amounts, field: 'data.lines' | 'data.period'): void {
  if (amounts.totalInclVat === 0) {
    throw AppError.because(ErrorCode.Validation, 'invoiceEmpty', { fields: { [field]: { key: 'invoiceEmpty' } } });
  }
}

/**
 * Writes one invoice with the next number of the year. The counter row is locked for the whole
 * transaction, so numbers are consecutive, unique and gap-free (a rollback gives the number back),
 * and the once-per-month check below it cannot race. Returns null when `skipIfExists` and the month
 * is already invoiced.
 */
async function createNumbered(
  ctx: AppContext,
  tipjarId: string,
  period: string | null,
  amounts: Amounts | ((tx: DbOrTx, credits?: FeeCredits) => Promise<Amounts> | Amounts),
  options: { actor: Actor; skipIfExists?: boolean; takeCreditsBefore?: Date; refuseEmpty?: boolean },
): Promise<string | null> {
  const year = new Date().getUTCFullYear();
  return ctx.db.transaction(async (tx) => {
    const last = await repo.lockCounter(tx, year);
    if (period && (await repo.findInvoiceForPeriod(tx, tipjarId, period))) {
      if (options.skipIfExists) return null;
      throw NOT_ONCE();
    }
    const a = typeof amounts === 'function' ? await amounts(tx) : amounts;
    const id = await insertNumbered(tx, { year, last }, { tipjarId, period, status: 'draft', ...a });
    // A fee invoice takes the fee credits of refunds and chargebacks no invoice took yet (once: the
    // rows are marked with this invoice in this transaction), and is priced again with them.
    let priced = a;
    if (options.takeCreditsBefore && typeof amounts === 'function') {
      const taken = await refundsQueries.claimFeeCredits(tx, tipjarId, options.takeCreditsBefore, id);
      if (taken.length > 0) {
        const credits = { count: taken.length, fee: taken.reduce((sum, r) => sum + r.feeCredit, 0) };
        priced = await amounts(tx, credits);
        await repo.updateInvoice(tx, id, priced);
      }
    }
    // A month's invoice is known empty only with its fees and credits summed. Thrown inside the
    // transaction, so its number and the credits it took are given back.
    if (options.refuseEmpty) assertNotEmpty(priced, 'data.period');
    await auditInvoice(tx, options.actor, undefined, await repo.findInvoice(tx, id));
    return id;
  });
}

/**
 * Inserts an invoice with the next number of the year's series, in the caller's transaction, which
 * holds that year's counter lock (`last` is what repo.lockCounter answered). Returns its id.
 */
export async function insertNumbered(
  tx: DbOrTx,
  { year, last }: { year: number; last: number },
  values: Omit<Parameters<typeof repo.insertInvoice>[1], 'number' | 'year' | 'seq'>,
): Promise<string> {
  const seq = last + 1;
  await repo.setCounter(tx, year, seq);
  return repo.insertInvoice(tx, { number: `${year}-${String(seq).padStart(4, '0')}`, year, seq, ...values });
}

async function getRow(ctx: AppContext, id: string): Promise<Row> {
  const row = await repo.findInvoice(ctx.db, id);
  if (!row) throw AppError.notFound('Invoice');
  return row;
}

async function feeInvoiceAmounts(db: DbOrTx, tipjarId: string, period: string, credits?: FeeCredits) {
  const { start, end } = monthOf(period);
  const [fees] = await repo.feesPerTipjar(db, start, end, tipjarId);
  return platformFeeAmounts(period, fees?.tips ?? 0, fees?.fee ?? 0, credits);
}

/** Lines priced for one invoice: refused when they come to €0.00. */
function linesAmounts(lines: InvoiceLineInput[]): Amounts {
  const amounts = amountsOfLines(lines);
  assertNotEmpty(amounts, 'data.lines');
  return amounts;
}

/**
 * POST invoices (platform admins): an invoice with the given lines (e.g. for the Podpot order itself).
 * Never €0.00, and a month it names is over (issue 39.8); refusals in the asker's language (decision 083).
 */
export async function createInvoice(
  ctx: AppContext,
  actor: Actor,
  data: { tipjarId: string; period?: string | null; lines: InvoiceLineInput[] },
): Promise<Invoice> {
  assertAdmin(actor);
  if (data.period) assertFinished(data.period);
  const amounts = linesAmounts(data.lines);
  const tipjar = await tipjarsQueries.findTipjar(ctx.db, data.tipjarId);
  if (!tipjar) throw AppError.field(ErrorCode.Validation, 'data.tipjarId', { key: 'invalid' }, 'Unknown tip jar');
  const id = await createNumbered(ctx, tipjar.id, data.period ?? null, amounts, { actor });
  return toInvoice(await getRow(ctx, id!));
}

/**
 * POST tipjars/{id}/invoices (platform admins): with lines, that invoice; with only a period, the
 * month's platform-fee invoice.
 */
export async function createTipjarInvoice(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  data: { period?: string | null; lines?: InvoiceLineInput[] },
): Promise<Invoice> {
  const tipjar = await loadManagedTipjar(ctx, actor, tipjarId);
  assertAdmin(actor);
  const period = data.period ?? null;
  if (period) assertFinished(period);
  if (data.lines) {
    const id = await createNumbered(ctx, tipjar.id, period, linesAmounts(data.lines), { actor });
    return toInvoice(await getRow(ctx, id!));
  }
  const id = await createNumbered(
    ctx,
    tipjar.id,
    period,
    (tx, credits) => feeInvoiceAmounts(tx, tipjar.id, period as string, credits),
    { actor, takeCreditsBefore: monthOf(period as string).end, refuseEmpty: true },
  );
  return toInvoice(await getRow(ctx, id!));
}

/** POST invoices/batch/create: the month's fee invoices for every tip jar with completed tips in it; idempotent. */
export async function batchCreateInvoices(ctx: AppContext, actor: Actor, period: string): Promise<{ count: number }> {
  assertAdmin(actor);
  assertFinished(period);
  const { start, end } = monthOf(period);
  let created = 0;
  // Only tip jars with a merchant: without one there is no payout the fee was taken from.
  for (const fees of await repo.feesPerTipjar(ctx.db, start, end, undefined, { withMerchantOnly: true })) {
    const id = await createNumbered(
      ctx,
      fees.tipjarId,
      period,
      (_tx, credits) => platformFeeAmounts(period, fees.tips, fees.fee, credits),
      { actor, skipIfExists: true, takeCreditsBefore: end },
    );
    if (id) created += 1;
  }
  return { count: created };
}

/* ---------- reading ---------- */

export async function listInvoices(
  ctx: AppContext,
  actor: Actor,
  query: ParsedListQuery<repo.InvoiceSortBy> & repo.InvoiceFilter,
): Promise<ListResponse<Invoice>> {
  assertAdmin(actor);
  const { rows, count } = await repo.listInvoices(ctx.db, query, query);
  return { data: rows.map(toInvoice), metadata: { count } };
}

export async function listTipjarInvoices(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  query: ParsedListQuery<repo.InvoiceSortBy> & Omit<repo.InvoiceFilter, 'tipjarId'>,
): Promise<ListResponse<Invoice>> {
  const tipjar = await loadManagedTipjar(ctx, actor, tipjarId);
  const { rows, count } = await repo.listInvoices(ctx.db, query, { ...query, tipjarId: tipjar.id });
  return { data: rows.map(toInvoice), metadata: { count } };
}

/** GET invoices/{id}: with the address sending mails it to, so the admin confirms who gets it. */
export async function getInvoice(ctx: AppContext, actor: Actor, id: string): Promise<Invoice> {
  assertAdmin(actor);
  const row = await getRow(ctx, id);
  const recipient = await repo.findRecipient(ctx.db, row.tipjarId);
  return { ...toInvoice(row), recipientEmail: recipient?.email ?? null };
}

/** An invoice of a tip jar its admins may see; an invoice of another tip jar is a 404. */
async function getTipjarRow(ctx: AppContext, actor: Actor, tipjarId: string, invoiceId: string): Promise<Row> {
  const tipjar = await loadManagedTipjar(ctx, actor, tipjarId);
  const row = await repo.findInvoice(ctx.db, invoiceId);
  if (!row || row.tipjarId !== tipjar.id) throw AppError.notFound('Invoice');
  return row;
}

export async function getTipjarInvoice(ctx: AppContext, actor: Actor, tipjarId: string, invoiceId: string) {
  return toInvoice(await getTipjarRow(ctx, actor, tipjarId, invoiceId));
}

/* ---------- changing ---------- */

function refuse(from: InvoiceStatus, to: string): AppError {
  return new AppError(ErrorCode.InvalidTransition, `A ${from} invoice cannot become ${to}`);
}

/** PUT invoices/{id}: lines (drafts only) and/or a move to paid or void. */
export async function updateInvoice(
  ctx: AppContext,
  actor: Actor,
  id: string,
  data: { lines?: InvoiceLineInput[]; status?: 'paid' | 'void' },
): Promise<Invoice> {
  assertAdmin(actor);
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findInvoice(tx, id, { forUpdate: true });
    if (!row) throw AppError.notFound('Invoice');
    if (data.lines && !isInvoiceEditable(row.status)) {
      throw AppError.because(ErrorCode.InvalidTransition, 'invoiceNotDraftChange');
    }
    if (data.status && data.status !== row.status && !canTransitionInvoice(row.status, data.status)) {
      throw refuse(row.status, data.status);
    }
    await repo.updateInvoice(tx, id, {
      ...(data.lines ? amountsOfLines(data.lines) : {}),
      ...(data.status ? { status: data.status } : {}),
    });
    // A voided invoice credits nothing: its refunds' fee goes to the next invoice.
    if (data.status === 'void' && row.status !== 'void') await refundsQueries.releaseFeeCredits(tx, id);
    await auditInvoice(tx, actor, row, await repo.findInvoice(tx, id));
  });
  return toInvoice(await getRow(ctx, id));
}

/**
 * DELETE invoices/{id}: drafts only, and only the latest number of its year (the counter steps back),
 * so numbering stays gap-free. Any other invoice is voided instead (409 says so).
 */
export async function deleteInvoice(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  assertAdmin(actor);
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findInvoice(tx, id);
    if (!row) throw AppError.notFound('Invoice');
    const last = await repo.lockCounter(tx, row.year);
    if (row.status !== 'draft') throw AppError.because(ErrorCode.InvalidTransition, 'invoiceNotDraftDelete');
    if (row.seq !== last) {
      throw AppError.because(ErrorCode.InvalidTransition, 'invoiceNotLatest');
    }
    await repo.deleteInvoice(tx, id);
    await repo.setCounter(tx, row.year, last - 1);
    await auditInvoice(tx, actor, row, undefined);
  });
}

export async function downloadInvoice(ctx: AppContext, actor: Actor, id: string, download: InvoiceDownload) {
  assertAdmin(actor);
  return fileOf(ctx, await getRow(ctx, id), download);
}

export async function downloadTipjarInvoice(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  invoiceId: string,
  download: InvoiceDownload,
) {
  return fileOf(ctx, await getTipjarRow(ctx, actor, tipjarId, invoiceId), download);
}

/* ---------- sending ---------- */

/**
 * Marks a draft sent (issued now) and queues its mail with the PDF, to the tip jar's contact address in
 * its first admin's language, in the same transaction: the invoice is sent exactly when its mail is on
 * its way (the outbox worker delivers it, with retries).
 */
async function sendOne(ctx: AppContext, actor: Actor, id: string): Promise<Row> {
  const row = await ctx.db.transaction(async (tx) => {
    const draft = await repo.findInvoice(tx, id, { forUpdate: true });
    if (!draft) throw AppError.notFound('Invoice');
    if (!canTransitionInvoice(draft.status, 'sent')) throw refuse(draft.status, 'sent');
    const now = new Date();
    await repo.updateInvoice(tx, id, { status: 'sent', sentAt: now, issuedAt: now });
    const sent = (await repo.findInvoice(tx, id))!;
    await auditInvoice(tx, actor, draft, sent);
    await queueInvoiceMail(ctx, tx, sent);
    return sent;
  });
  ctx.outbox.kick();
  return row;
}

async function queueInvoiceMail(ctx: AppContext, tx: DbOrTx, row: Row) {
  const recipient = await repo.findRecipient(tx, row.tipjarId);
  if (!recipient) return;
  const pdf = await pdfOf(ctx, row, recipient);
  const mail = invoiceMail(recipient.locale ?? 'en', {
    brand: ctx.config.BRAND_NAME,
    tipjarName: recipient.name,
    number: row.number,
    totalInclVat: row.totalInclVat,
    period: row.period,
  });
  await queueMail(
    tx,
    {
      to: recipient.email,
      ...mail,
      attachments: [{ filename: pdf.filename, content: pdf.body as Buffer, contentType: pdf.contentType }],
    },
    { dedupeKey: `invoice:${row.id}` },
  );
}

export async function sendInvoice(ctx: AppContext, actor: Actor, id: string): Promise<Invoice> {
  assertAdmin(actor);
  return toInvoice(await sendOne(ctx, actor, id));
}

/** POST invoices/batch/send: sends every draft, oldest number first; one that changed meanwhile is skipped. */
export async function batchSendInvoices(ctx: AppContext, actor: Actor): Promise<{ count: number }> {
  assertAdmin(actor);
  let sent = 0;
  for (const id of await repo.listDraftIds(ctx.db)) {
    try {
      await sendOne(ctx, actor, id);
      sent += 1;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  return { count: sent };
}
