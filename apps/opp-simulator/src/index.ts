/**
 * The OPP simulator as a Fastify plugin: the OPP-compatible REST API under /sim/opp/v1, its hosted
 * checkout and merchant verification pages, signed notifications with retries — all state in its
 * own tables, created by its own migrations. A development/demo/test stand-in for the provider: the
 * host mounts it in its composition root only when no real provider is configured.
 */
import type { FastifyInstance, FastifySchema } from 'fastify';
import { describeFaultPlan, type Faults, faultsFromSettings } from './faults.js';
import type { SimulatorHost } from './host.js';
import { migrateSimulator } from './migrate.js';
import type { SimProviderProfile } from './provider-modes.js';
import { simApiRoutes, simCheckoutRoutes, simVerifyRoutes } from './routes.js';
import { OppSimulator } from './simulator.js';
import type { SimOutcome } from './transactions.js';

export { type FaultCounts, type FaultPlan, Faults, parseFaultPlan, seededRandom } from './faults.js';
export type { SimDb, SimLog, SimulatorHost } from './host.js';
export { KEY_REUSED, SIM_IDEMPOTENCY_MODES, type SimIdempotencyMode } from './idempotency-mode.js';
export { DEFAULT_MERCHANT_LIVE_DELAY_MS } from './merchants.js';
export {
  isProviderProfile,
  providerModes,
  SIM_PROVIDER_PROFILES,
  type SimProviderModes,
  type SimProviderProfile,
} from './provider-modes.js';
export type { SimObject } from './repository.js';
export { SIM_TRANSACTION_COST } from './settlements.js';
export { OppSimulator } from './simulator.js';
export { SIM_IDEAL_ISSUERS, SIM_TEST_AMOUNTS, type SimOutcome } from './transactions.js';
export { newUid } from './values.js';

export const SIM_API_PREFIX = '/sim/opp/v1';

/** How a simulator behaves: its timings, its faults and which provider it plays. */
export interface OppSimulatorSettings {
  /** First retry delay of a refused notification (doubles per try). */
  retryBaseMs?: number;
  /** Collect SEPA charges this long after they are made (demo); undefined: tests settle them. */
  settleMandateChargesMs?: number;
  /** A new consumer merchant goes live this long after it was made (default DEFAULT_MERCHANT_LIVE_DELAY_MS). */
  merchantLiveDelayMs?: number;
  /** The fault mode, as SIM_FAULTS says it (faults.ts); off when absent. Never in production. */
  faults?: string;
  /** Seed of the fault mode's random choices (SIM_FAULTS_SEED): replays a run. Drawn (and logged) when absent. */
  faultsSeed?: number;
  /** Which side of each open question about OPP's answers it plays (provider-modes.ts); pessimistic by default. */
  provider?: SimProviderProfile;
  /** `created-first` refunds complete on a read of the refunds this long after they were made (default 0). */
  refundSettleMs?: number;
}

/** Where a simulator is mounted: what finds it again, and whether its test-only routes are served. */
export interface OppSimulatorMount {
  /** Serves the test-only routes (e.g. settling a SEPA charge on demand). */
  exposeTestRoutes?: boolean;
  /** Key for the helpers below (simulatePayment(key, …)): usually the host's app context. */
  key: object;
}

export interface OppSimulatorOptions extends SimulatorHost, OppSimulatorSettings, OppSimulatorMount {}

const simulators = new WeakMap<object, OppSimulator>();

/**
 * The simulator on the host's database, its tables migrated, not mounted yet: a host may use it (make
 * its own merchant) before the app that mounts it exists.
 */
export async function createOppSimulator(
  host: SimulatorHost,
  settings: OppSimulatorSettings = {},
): Promise<OppSimulator> {
  const faults = faultsFromSettings(settings.faults, settings.faultsSeed);
  await migrateSimulator(host.db);
  return new OppSimulator(host, {
    retryBaseMs: settings.retryBaseMs,
    settleMandateChargesMs: settings.settleMandateChargesMs,
    merchantLiveDelayMs: settings.merchantLiveDelayMs,
    faults,
    provider: settings.provider,
    refundSettleMs: settings.refundSettleMs,
  });
}

/** Mounts a simulator's routes on `app` (its notifications resume when the app is ready); closes with the app. */
export async function mountOppSimulator(
  app: FastifyInstance,
  sim: OppSimulator,
  mount: OppSimulatorMount,
): Promise<void> {
  const { faults, host } = sim;
  if (faults) {
    host.log.warn(
      { faults: describeFaultPlan(faults.plan), seed: faults.seed },
      'simulator: fault mode on (replay with SIM_FAULTS_SEED)',
    );
  }
  simulators.set(mount.key, sim);
  await app.register(async (simApp) => {
    // The simulator stands in for the provider: its routes are not part of the host's API document.
    simApp.addHook('onRoute', (route) => {
      // `hide` is read by @fastify/swagger when the host documents its API.
      route.schema = { ...route.schema, hide: true } as FastifySchema;
    });
    await simApp.register(simApiRoutes(sim, host, mount.exposeTestRoutes ?? false), { prefix: SIM_API_PREFIX });
    await simApp.register(simCheckoutRoutes(sim));
    await simApp.register(simVerifyRoutes(sim));
  });
  app.addHook('onReady', async () => sim.resumeInBackground());
  app.addHook('onClose', async () => sim.close());
}

/** Migrates the simulator's tables and mounts its routes on `app`; closes with the app. */
export async function registerOppSimulator(app: FastifyInstance, options: OppSimulatorOptions): Promise<OppSimulator> {
  const sim = await createOppSimulator(options, options);
  await mountOppSimulator(app, sim, options);
  return sim;
}

export function simulatorOf(key: object): OppSimulator {
  const sim = simulators.get(key);
  if (!sim) throw new Error('the OPP simulator is not mounted here (a real provider is configured)');
  return sim;
}

/** Finishes a simulated payment as the buyer would on the checkout page (tests, demo). */
export function simulatePayment(key: object, uid: string, outcome: SimOutcome, options?: { notify?: boolean }) {
  return simulatorOf(key).chooseOutcome(uid, outcome, options);
}

/** A chargeback of a paid simulated transaction (e.g. a reversed SEPA debit), or a refund of all that is left of it. */
export function simulateReversal(key: object, uid: string, status: 'chargeback' | 'refunded' = 'chargeback') {
  return simulatorOf(key).reverse(uid, status);
}

/** The provider refunds (part of) a paid simulated transaction itself, as from its dashboard: all that is left unless `amount`. */
export async function simulateProviderRefund(key: object, uid: string, amount?: number) {
  const sim = simulatorOf(key);
  return sim.createRefund(uid, { amount: amount ?? (await sim.leftToRefund(uid)) });
}

/** A simulated refund still `created` (modes.refunds `created-first`) is paid out or fails at the provider. */
export function simulateRefundOutcome(key: object, refundUid: string, outcome: 'completed' | 'failed') {
  return simulatorOf(key).settleRefund(refundUid, outcome);
}

/** The payer's bank revokes a simulated mandate (sends mandate.status.changed). */
export function simulateMandateRevocation(key: object, mandateUid: string) {
  return simulatorOf(key).revokeMandate(mandateUid);
}

/**
 * The provider gives a simulated mandate any status word (sends mandate.status.changed): a word no
 * source names, to test how an unknown one is held.
 */
export function simulateMandateStatus(key: object, mandateUid: string, status: string) {
  return simulatorOf(key).setMandateStatus(mandateUid, status);
}

/** The simulator's fault mode (its plan, seed and what it has done so far); null when off. */
export function simulatorFaults(key: object): Faults | null {
  return simulatorOf(key).faults;
}

/** Resolves when every queued simulator notification was delivered (or gave up). */
export function awaitSimulatorDeliveries(key: object): Promise<void> {
  return simulatorOf(key).idle();
}

/** The maker finishes (or fails) verification on the provider's page (tests, demo). */
export function simulateMerchantVerification(
  key: object,
  merchantUid: string,
  outcome: 'approve' | 'disapprove' = 'approve',
) {
  return simulatorOf(key).verifyMerchant(merchantUid, outcome);
}

/** The provider suspends, blocks, terminates (or makes live) a simulated merchant; sends merchant.status.changed. */
export function simulateMerchantStatus(key: object, merchantUid: string, status: string) {
  return simulatorOf(key).setMerchantStatus(merchantUid, status);
}

/** The provider sets a simulated merchant's bank accounts to `status` (`pending`: it checks them); notifies. */
export function simulateBankAccountStatus(key: object, merchantUid: string, status: string) {
  return simulatorOf(key).setBankAccountStatus(merchantUid, status);
}
