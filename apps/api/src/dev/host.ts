import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { type AppExtension, type BuildAppOptions, type BuiltApp, buildApp } from '../app.js';
import { configWith } from '../config/env.js';
import type { ServerHost } from '../serve.js';

/*
 * The dev host (decision 072): the API as app.ts builds it, with what only development, demos and
 * tests have around it — the OPP simulator when no real provider is set (OPP_API_URL unset), the demo
 * podcast's feed and artwork (decision 030), the mail preview (decision 035), the tip widget's demo page
 * (decision 094), and the demo data once
 * the server listens. Never in production: there it builds the production app and adds nothing.
 * `npm start` and `npm run dev` (server.dev.ts), the jobs CLI, the tests and the benches build through
 * it; app.ts and server.ts import nothing of dev/.
 */

/** The app with the development extras: buildApp's options and answer. */
export async function buildDevApp(options: BuildAppOptions): Promise<BuiltApp> {
  const { config } = options;
  if (config.NODE_ENV === 'production') return buildApp(options);
  // Loaded only here, as app.ts loaded them before: a production process never reads these modules.
  const previews: AppExtension[] = [
    async (app, ctx) => (await import('./demo-feed.js')).mountDemoFeed(app, ctx),
    async (app, ctx) => (await import('./mail-preview.js')).mountMailPreview(app, ctx),
    async (app, ctx) => (await import('./demo-embed.js')).mountDemoEmbed(app, ctx),
  ];
  const extensions = options.extensions ?? [];
  if (!config.usesSimulator) return buildApp({ ...options, extensions: [...extensions, ...previews] });
  const simulator = await (await import('./simulator.js')).hostSimulator(config, options.db);
  return buildApp({
    ...options,
    config: simulator.config,
    providerUrl: simulator.apiBase,
    extensions: [...extensions, simulator.mount, ...previews],
  });
}

/**
 * The dev app listening on 127.0.0.1 at a port the system picks, its configuration naming that port
 * (PORT, publicUrl) from the start — the simulator's pages and notifications, the links in mails. The
 * port is held while the app is built and let go the moment before the app takes it. For the jobs CLI
 * (the simulator is reached over HTTP), the tests and the benches.
 */
export async function listenDevApp(options: BuildAppOptions): Promise<BuiltApp & { baseUrl: string }> {
  const holder = createServer();
  await new Promise<void>((resolve, reject) => {
    holder.once('error', reject);
    holder.listen(0, '127.0.0.1', resolve);
  });
  const { port } = holder.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  let built: BuiltApp;
  try {
    built = await buildDevApp({ ...options, config: configWith(options.config, { PORT: port, publicUrl: baseUrl }) });
  } finally {
    await new Promise((resolve) => holder.close(resolve));
  }
  try {
    await built.app.listen({ port, host: '127.0.0.1' });
  } catch (err) {
    await built.app.close();
    throw err;
  }
  return { ...built, baseUrl };
}

/**
 * The development server's host (server.dev.ts): the dev app, and outside production the demo data —
 * seeded before it listens (SEED_DEMO, by default on the embedded database) and registered with the
 * payment provider once it does.
 */
export const devServer: ServerHost = {
  build: buildDevApp,
  async prepare({ app, ctx }, database) {
    const { config } = ctx;
    const payments = config.usesSimulator ? `built-in OPP simulator at ${config.publicUrl}/sim/opp/v1` : undefined;
    // Never in production, whatever SEED_DEMO says: the demo accounts have a published password.
    const shouldSeed =
      config.NODE_ENV !== 'production' &&
      (config.SEED_DEMO === 'true' || (config.SEED_DEMO === 'auto' && database.driver === 'pglite'));
    if (!shouldSeed) return { payments };
    const { DEMO_ADMIN_TOTP_SECRET, ensureDemoMerchant, seedDemoData } = await import('../seed/demo.js');
    const seeded = await seedDemoData(ctx);
    const lines: string[] = [];
    if (seeded) {
      lines.push('  Demo logins:');
      for (const login of seeded.logins) lines.push(`    ${login.role.padEnd(6)} ${login.email} / ${login.password}`);
      lines.push(`  Demo admin's two-step login key (authenticator app): ${DEMO_ADMIN_TOTP_SECRET}`);
      if (seeded.tipjarSlug) lines.push(`  Demo tip jar:  ${config.publicUrl}/${seeded.tipjarSlug}`);
    }
    return {
      payments,
      lines,
      // The password dictionaries (about 30 MB of heap) load with the first password a process checks,
      // not at start: most processes check none (decision 040).
      listening: async () => {
        const { ensureDemoProviderHistory } = await import('../seed/demo-provider.js');
        await ensureDemoMerchant(ctx)
          .then(() => ensureDemoProviderHistory(ctx))
          .catch((err) => app.log.warn({ err }, 'the demo tip jar could not register with the payment provider'));
      },
    };
  },
};
