import { eq } from 'drizzle-orm';
import type { AppContext } from '../apps/api/src/context.js';
import { paymentMethods, tipjars } from '../apps/api/src/db/schema/index.js';
import { DEMO_TIPJAR_SLUG, ensureDemoMerchant } from '../apps/api/src/seed/demo.js';

/** One load case: a request autocannon repeats. */
export interface BenchCase {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** Hot paths added by later features (storefront, tips, …). Each returns ready-to-run cases. */
export async function extraCases({
  base,
  ctx,
}: {
  base: string;
  token: string;
  ctx: AppContext;
}): Promise<BenchCase[]> {
  // Lift the per-IP tip limit (everything comes from 127.0.0.1 here; the default 20/min would turn
  // the case into 429s). The provider is the simulator in its own process (run.ts).
  ctx.config.TIP_RATE_LIMIT_PER_MINUTE = Number(process.env.TIP_RATE_LIMIT_PER_MINUTE ?? 1_000_000);
  // The demo tip jar registers with the provider as `npm start` has it do once it listens.
  await ensureDemoMerchant(ctx);

  const [jar] = await ctx.db.select({ id: tipjars.id }).from(tipjars).where(eq(tipjars.slug, DEMO_TIPJAR_SLUG));
  const [ideal] = await ctx.db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(eq(paymentMethods.type, 'ideal'));
  if (!jar || !ideal) throw new Error('bench: the demo tip jar or iDEAL is missing');

  // Warm up: the first tip goes through the whole path once.
  const body = JSON.stringify({
    data: {
      amount: 500,
      displayName: 'Bench',
      message: 'Bench tip',
      email: 'bench@example.test',
      payment: { paymentmethod: ideal.id, paymentissuer: '' },
      locale: 'nl',
    },
  });
  const warm = await fetch(`${base}/api/v1/tipjars/${jar.id}/tips`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  if (warm.status !== 201) throw new Error(`bench: tip warm-up answered ${warm.status}: ${await warm.text()}`);

  return [
    { name: `GET /api/v1/tipjars?slug=${DEMO_TIPJAR_SLUG}`, url: `${base}/api/v1/tipjars?slug=${DEMO_TIPJAR_SLUG}` },
    {
      // Every request is a new tip (no Idempotency-Key): DB insert + provider call (the simulator
      // process, over loopback) + record.
      name: 'POST /api/v1/tipjars/{id}/tips',
      url: `${base}/api/v1/tipjars/${jar.id}/tips`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    },
  ];
}
