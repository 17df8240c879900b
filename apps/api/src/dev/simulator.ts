import { newUid, registerOppSimulator } from '@podpot/opp-simulator';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { notifyUrlOf } from '../payments/payments.service.js';

/**
 * The development/demo/test composition: without a real provider (OPP_API_URL unset) the OPP
 * simulator app is mounted in this process, and the platform's own merchant (which receives Podpot
 * orders) is made there once — what OPP_PLATFORM_MERCHANT_UID names in production. Nothing else in
 * the API knows the simulator exists.
 */
export async function mountSimulator(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { config } = ctx;
  const isTest = config.NODE_ENV === 'test';
  const sim = await registerOppSimulator(app, {
    key: ctx,
    db: ctx.db,
    log: ctx.log,
    settings: () => ({
      apiKey: config.OPP_API_KEY,
      notifySecret: config.OPP_NOTIFY_SECRET,
      publicUrl: config.publicUrl,
      apiBase: ctx.opp.baseUrl,
    }),
    exposeTestRoutes: config.NODE_ENV !== 'production',
    retryBaseMs: isTest ? 20 : 1000,
    // Monthly tips in the demo: SEPA charges are collected a few seconds later (tests settle them).
    settleMandateChargesMs: isTest ? undefined : 5000,
    // Consumer merchants go live by themselves after a while, as at OPP; tests that need it set a short delay.
    merchantLiveDelayMs: config.SIM_MERCHANT_LIVE_DELAY_MS ?? (isTest ? 10 * 60_000 : undefined),
    // The provider misbehaving on purpose (the tests' fault run; off by default).
    faults: config.SIM_FAULTS,
    faultsSeed: config.SIM_FAULTS_SEED,
    // Which side of each open question about OPP's answers it plays (the test matrix runs both).
    provider: config.SIM_PROVIDER,
  });
  if (!config.OPP_PLATFORM_MERCHANT_UID) {
    // The same Idempotency-Key finds the same merchant after a restart; a second process starting at
    // the same moment gets 409 while the first makes it, and asks again.
    const create = () =>
      sim.idempotent('merchants', 'platform-merchant', newUid('mer'), (uid) =>
        sim.createMerchant(
          {
            type: 'business',
            country: 'nld',
            emailaddress: 'platform@podpot.local',
            phone: '31201234567',
            legal_name: config.BRAND_NAME,
            coc_nr: '00000000',
            notify_url: notifyUrlOf(ctx),
          },
          uid,
        ),
      );
    let platform: Awaited<ReturnType<typeof create>> | undefined;
    for (let tries = 0; !platform; tries++) {
      try {
        platform = await create();
      } catch (err) {
        if (tries >= 50 || (err as { status?: number }).status !== 409) throw err;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    config.OPP_PLATFORM_MERCHANT_UID = String(platform.uid);
  }
}
