import { ErrorCode } from '@podpot/domain';
import type { Config } from '../config/env.js';
import { AppError } from '../lib/app-error.js';
import type { PaymentsContext } from './ledger.js';
import { OppError } from './opp-client.js';

/**
 * Provider transactions, the money-safety rules (docs/money-rules.md), in four files:
 * - payments.create.ts: our row is written and committed before the provider is called; the
 *   Idempotency-Key comes from our ids; a create sent before is looked up before it is sent again;
 * - payments.apply.ts: each application of a provider answer is one DB transaction that also runs
 *   the owner's consequences; statuses only move forward (domain `canAdvanceTransaction`);
 * - payments.notifications.ts: a notification is only a poke to re-read the object it names;
 * - this file: what they and the owners share;
 * and ledger.ts: the context they take and the ledger through which the owners hear of it (decision 072).
 */

/** Where the provider sends notifications about our transactions. */
export function notifyUrlOf(ctx: { readonly config: Pick<Config, 'publicUrl'> }): string {
  return `${ctx.config.publicUrl}/api/v1/payments/opp/notify`;
}

/**
 * The one answer when the provider call failed: 502 PAYMENT_PROVIDER — or 409 when the provider
 * says the same Idempotency-Key is still being worked on (a crashed or parallel request): the
 * client's retry a moment later gets the object.
 */
export function providerUnavailable(err?: unknown): AppError {
  if (err instanceof OppError && err.status === 409) {
    return AppError.because(ErrorCode.Conflict, 'paymentBeingSetUp');
  }
  return new AppError(ErrorCode.PaymentProvider, 'The payment provider could not be reached; please try again');
}

/** The merchant that receives Podpot add-on payments (OPP_PLATFORM_MERCHANT_UID). */
export function platformMerchantUid(ctx: PaymentsContext): Promise<string> {
  if (ctx.config.OPP_PLATFORM_MERCHANT_UID) return Promise.resolve(ctx.config.OPP_PLATFORM_MERCHANT_UID);
  ctx.log.error('OPP_PLATFORM_MERCHANT_UID is not set');
  return Promise.reject(providerUnavailable());
}
