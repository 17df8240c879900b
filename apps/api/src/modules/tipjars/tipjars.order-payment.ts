import { paymentOutcome } from '@podpot/domain';
import type { Tx } from '../../db/client.js';
import { findLatestForOwner, type OppTransactionRow } from '../../payments/payments.repository.js';
import * as addonsQueries from '../addons/addons.queries.js';
import { ADDON_KIND } from '../addons/addons.service.js';
import * as repo from './tipjars.repository.js';

/**
 * What an add-on payment means for its tip jar (docs/domain-rules.md §3), run inside the DB transaction that
 * recorded the new status. Only the latest attempt may expire the order; a payment that completed
 * makes the tip jar LIVE whichever attempt it was (the money arrived).
 */
export async function onAddonPayment(tx: Tx, row: OppTransactionRow, change: { current: string }) {
  const addon = await addonsQueries.findAddon(tx, row.ownerId);
  if (addon?.type !== 'TIPJAR') return;
  const latest = await findLatestForOwner(tx, ADDON_KIND, addon.id);
  const isLatest = latest?.id === row.id;
  switch (paymentOutcome(change.current)) {
    case 'open':
    case 'held':
      if (isLatest) await repo.movePaymentStatus(tx, addon.tipjarId, 'AWAITING_PAYMENT');
      break;
    case 'paid':
      await repo.movePaymentStatus(tx, addon.tipjarId, 'AWAITING_PAYMENT');
      await repo.movePaymentStatus(tx, addon.tipjarId, 'LIVE');
      break;
    case 'unpaid':
      if (isLatest) await repo.movePaymentStatus(tx, addon.tipjarId, 'PAYMENT_EXPIRED');
      break;
    default:
      // Refunds and chargebacks of an add-on are handled by a platform admin.
      break;
  }
}
