import { appUrl, DEFAULT_LOCALE, isLocale, type Locale, paymentOutcome } from '@podpot/domain';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { orderReceiptMail, welcomeMail } from '../../mail/order-mails.js';
import { queueMail, sendQueuedMail } from '../../mail/outbox.js';
import type { AfterCommit, TransactionChange } from '../../payments/ledger.js';
import type { OppTransactionRow } from '../../payments/payments.repository.js';
import * as addonsQueries from '../addons/addons.queries.js';
import * as tipjarsQueries from '../tipjars/tipjars.queries.js';
import * as usersQueries from '../users/users.queries.js';
import { orderAmounts } from './invoices.amounts.js';
import { auditInvoice } from './invoices.audit.js';
import { pdfOf } from './invoices.files.js';
import * as repo from './invoices.repository.js';
import { insertNumbered } from './invoices.service.js';

/**
 * A {product} order was paid (decision 080): in the DB transaction that recorded the payment, the
 * order's invoice is made — the next number of the one yearly series, already paid — and the buyer's
 * receipt (with the invoice PDF) and welcome mail are queued. Only the first paid answer makes them:
 * the invoice is found by its order (unique addon_id, checked under the series' lock) and each mail
 * has its dedupe key, so a repeated or late notification, or a second attempt also paid, sends nothing.
 * app.ts wires it after tipjars' onAddonPayment, on the same transaction.
 */
export async function onOrderPayment(
  ctx: AppContext,
  tx: Tx,
  row: OppTransactionRow,
  change: TransactionChange,
): Promise<AfterCommit | undefined> {
  if (paymentOutcome(change.current) !== 'paid') return undefined;
  const addon = await addonsQueries.findAddon(tx, row.ownerId);
  if (addon?.type !== 'TIPJAR') return undefined;
  const tipjar = await tipjarsQueries.findTipjar(tx, addon.tipjarId);
  if (!tipjar) return undefined;

  const now = new Date();
  const year = now.getUTCFullYear();
  const last = await repo.lockCounter(tx, year);
  if (await repo.findInvoiceOfAddon(tx, addon.id)) return undefined;
  const amounts = orderAmounts(ctx.config.BRAND_NAME, tipjar.name, addon.costTotalWithTax);
  const invoiceId = await insertNumbered(
    tx,
    { year, last },
    { tipjarId: tipjar.id, addonId: addon.id, period: null, status: 'paid', issuedAt: now, sentAt: now, ...amounts },
  );
  const invoice = (await repo.findInvoice(tx, invoiceId))!;
  await auditInvoice(tx, null, undefined, invoice);

  // To the buyer (the maker who ordered; else the tip jar's address), in the language they paid in.
  const buyer = addon.orderedBy ? await usersQueries.findUserById(tx, addon.orderedBy) : undefined;
  const recipient = await repo.findRecipient(tx, tipjar.id);
  const to = buyer && !buyer.archivedAt ? buyer.email : tipjar.contactEmail;
  const paidIn = (row.request as { locale?: unknown }).locale;
  const locale: Locale = isLocale(paidIn) ? paidIn : (buyer?.locale ?? recipient?.locale ?? DEFAULT_LOCALE);

  const brand = ctx.config.BRAND_NAME;
  const link = (name: Parameters<typeof appUrl>[1]) =>
    appUrl(ctx.config.publicUrl, name, { tipjarslug: tipjar.slug }, locale);
  const pdf = await pdfOf(ctx, invoice, recipient && { ...recipient, locale });
  const receipt = orderReceiptMail(locale, {
    brand,
    tipjarName: tipjar.name,
    number: invoice.number,
    totalExVat: invoice.totalExVat,
    vat: invoice.vat,
    totalInclVat: invoice.totalInclVat,
    paidAt: now,
    reference: addon.id,
    invoicesLink: link('backofficeInvoices'),
  });
  await queueMail(
    tx,
    {
      to,
      ...receipt,
      attachments: [{ filename: pdf.filename, content: pdf.body as Buffer, contentType: pdf.contentType }],
    },
    { dedupeKey: `order-receipt:${addon.id}` },
  );
  const welcome = welcomeMail(locale, {
    brand,
    tipjarName: tipjar.name,
    pageLink: link('storefront'),
    registrationLink: link('backofficeRegistration'),
    shareLink: link('backofficeShare'),
    settingsLink: link('backofficeSettings'),
  });
  await queueMail(tx, { to, ...welcome }, { dedupeKey: `welcome:${tipjar.id}` });
  return () => sendQueuedMail(ctx);
}
