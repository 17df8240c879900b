import type { AppContext } from '../../context.js';
import type { PaymentLedger } from '../../payments/ledger.js';
import { resumeMandatePayment } from './recurring-tips.payments.js';
import * as repo from './recurring-tips.repository.js';

/**
 * Part of the reconcile job: a monthly tip whose first payment (or mandate retry) was committed at
 * our side but never reached the provider — the server was killed mid-checkout — is sent again
 * under its original key. The checkout the provider then answers has usually expired by the time
 * the next read comes, which turns the month into an ordinary failed first payment the tipper can
 * retry; either way it is no longer stuck.
 */
export async function repairHalfMadeMandates(
  ctx: AppContext,
  ledger: PaymentLedger,
  options: { olderThan: Date; limit?: number },
) {
  const charges = await repo.listHalfMadeMandateCharges(ctx.db, options.olderThan, options.limit ?? 50);
  let repaired = 0;
  for (const charge of charges) {
    try {
      await resumeMandatePayment(ctx, ledger, charge);
      repaired += 1;
    } catch (err) {
      ctx.log.warn({ err, chargeId: charge.id }, 'reconcile: could not repair a half-made monthly tip');
    }
  }
  return repaired;
}
