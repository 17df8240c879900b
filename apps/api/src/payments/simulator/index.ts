import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { simApiRoutes, simCheckoutRoutes, simVerifyRoutes } from './sim.routes.js';
import { OppSimulator, type SimOutcome } from './simulator.js';

export { OppSimulator, SIM_IDEAL_ISSUERS, type SimOutcome } from './simulator.js';

export const SIM_API_PREFIX = '/sim/opp/v1';

const simulators = new WeakMap<AppContext, OppSimulator>();

/** Registers the OPP simulator (API + hosted checkout). app.ts calls this when OPP_API_URL is unset. */
export async function registerOppSimulator(app: FastifyInstance, ctx: AppContext): Promise<OppSimulator> {
  const isDev = ctx.config.NODE_ENV !== 'production';
  const isTest = ctx.config.NODE_ENV === 'test';
  const sim = new OppSimulator(ctx, {
    retryBaseMs: isTest ? 20 : 1000,
    // Monthly tips in the demo: SEPA charges are collected a few seconds later (tests settle them).
    settleMandateChargesMs: isTest ? undefined : 5000,
  });
  simulators.set(ctx, sim);
  await app.register(async (simApp) => {
    // The simulator stands in for the provider: its routes are not part of our API document.
    simApp.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    await simApp.register(simApiRoutes(sim, ctx, isDev), { prefix: SIM_API_PREFIX });
    await simApp.register(simCheckoutRoutes(sim));
    await simApp.register(simVerifyRoutes(sim));
  });
  app.addHook('onReady', async () => sim.resumeInBackground());
  app.addHook('onClose', async () => sim.close());
  return sim;
}

export function simulatorOf(ctx: AppContext): OppSimulator {
  const sim = simulators.get(ctx);
  if (!sim) throw new Error('the OPP simulator is not running (OPP_API_URL is set)');
  return sim;
}

/** Finishes a simulated payment as the buyer would on the checkout page (tests, demo seed). */
export function simulatePayment(ctx: AppContext, uid: string, outcome: SimOutcome, options?: { notify?: boolean }) {
  return simulatorOf(ctx).chooseOutcome(uid, outcome, options);
}

/** A chargeback (or refund) of a completed simulated transaction, e.g. a reversed SEPA debit. */
export function simulateReversal(ctx: AppContext, uid: string, status: 'chargeback' | 'refunded' = 'chargeback') {
  return simulatorOf(ctx).reverse(uid, status);
}

/** The payer's bank revokes a simulated mandate (sends mandate.status.changed). */
export function simulateMandateRevocation(ctx: AppContext, mandateUid: string) {
  return simulatorOf(ctx).revokeMandate(mandateUid);
}

/** Resolves when every queued simulator notification was delivered (or gave up). */
export function awaitSimulatorDeliveries(ctx: AppContext): Promise<void> {
  return simulatorOf(ctx).idle();
}

/** The maker finishes (or fails) verification on the provider's page (tests, demo). */
export function simulateMerchantVerification(
  ctx: AppContext,
  merchantUid: string,
  outcome: 'approve' | 'disapprove' = 'approve',
) {
  return simulatorOf(ctx).verifyMerchant(merchantUid, outcome);
}
