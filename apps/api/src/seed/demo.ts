import { platformFeeOf } from '@podpot/domain';
import { asc, count, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import {
  addons,
  artworks,
  episodes,
  faqItems,
  paymentMethods,
  tipjarAdmins,
  tipjars,
  tips,
  users,
  userTwoStep,
} from '../db/schema/index.js';
import { episodesOf } from '../modules/episodes/episodes.refresh.js';
import { upsertEpisodes } from '../modules/episodes/episodes.repository.js';
import { parseFeed } from '../modules/feeds/feeds.parser.js';
import { createMerchant } from '../modules/merchants/merchants.registration.js';
import { findMerchantOfTipjar } from '../modules/merchants/merchants.repository.js';
import { currentTwoStepKey, encryptSecret } from '../modules/two-step/two-step.codes.js';
import { hashPassword } from '../modules/users/users.service.js';
import { DEMO_FEED_PATH, demoArtwork, demoFeedXml } from './demo-feed.js';
import { seedDemoMonthlyTips } from './demo-monthly.js';

export const DEMO_PASSWORD = 'podpot-demo-koffie';
export const DEMO_LOGINS = [
  { role: 'ADMIN', email: 'admin@podpot.local', password: DEMO_PASSWORD },
  { role: 'MAKER', email: 'maker@podpot.local', password: DEMO_PASSWORD },
  { role: 'USER', email: 'listener@podpot.local', password: DEMO_PASSWORD },
] as const;
export const DEMO_TIPJAR_SLUG = 'de-koffiepod';
/**
 * The demo admin's two-step login secret (decision 036: an admin acts as one only with it), fixed so a
 * newcomer can add it to an authenticator app (README) and the browser tests can compute its codes.
 * Demo data only: the seed never runs in production.
 */
export const DEMO_ADMIN_TOTP_SECRET = 'PODPOTDEMOADMINTOTPKEY234567ABCD';

/**
 * Fills an empty database with demo data: an admin, a maker with a LIVE tip jar, a listener, a
 * month of tips and half a year of monthly tips, payment methods and FAQ items. Does nothing when any user exists, so restarts keep your changes.
 */
export async function seedDemoData(
  ctx: AppContext,
): Promise<{ logins: typeof DEMO_LOGINS; tipjarSlug: string } | null> {
  const [existing] = await ctx.db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // The demo podcast's artwork, stored as a fetched feed's would be (decision 030).
  const { toStoredArtwork } = await import('../modules/feeds/feeds.artwork.js');
  const artwork = await toStoredArtwork(await demoArtwork());

  await ctx.db.transaction(async (tx) => {
    const [admin, maker] = await tx
      .insert(users)
      .values([
        {
          email: 'admin@podpot.local',
          passwordHash,
          role: 'ADMIN',
          twoStepEnabled: true,
          firstName: 'Anna',
          lastName: 'Admin',
          locale: 'nl',
          emailVerifiedAt: new Date(),
        },
        // The demo's own addresses count as proven (decision 061): nobody else can receive mail there.
        {
          email: 'maker@podpot.local',
          passwordHash,
          firstName: 'Mark',
          lastName: 'de Maker',
          locale: 'nl',
          emailVerifiedAt: new Date(),
        },
        {
          email: 'listener@podpot.local',
          passwordHash,
          firstName: 'Lotte',
          lastName: 'Luisteraar',
          locale: 'en',
          emailVerifiedAt: new Date(),
        },
      ])
      .returning();
    await tx.insert(userTwoStep).values({
      userId: admin!.id,
      secret: encryptSecret(currentTwoStepKey(ctx.config), DEMO_ADMIN_TOTP_SECRET),
      enabledAt: new Date(),
    });
    const [art] = await tx
      .insert(artworks)
      .values({ ...artwork, sourceUrl: `${ctx.config.publicUrl}${DEMO_FEED_PATH}`, createdBy: maker!.id })
      .returning({ id: artworks.id });
    const [jar] = await tx
      .insert(tipjars)
      .values({
        slug: DEMO_TIPJAR_SLUG,
        name: 'De Koffiepod',
        status: 'LIVE',
        type: 'CONSUMER',
        description: 'Elke week een nieuwe aflevering over koffie, mensen en verhalen.',
        podcastUrl: 'https://example.org/koffiepod',
        // Linked to the demo feed this process serves; the maker can verify it (the code lands in ./data/outbox).
        rssUrl: `${ctx.config.publicUrl}${DEMO_FEED_PATH}`,
        artworkId: art!.id,
        thankYouMessage: 'Dank je wel! Hier zetten we een extra kop koffie van.',
        presetAmounts: [300, 500, 1000],
        contactEmail: 'maker@podpot.local',
        contactPhone: '+31612345678',
        // A monthly goal the storefront shows progress toward (decision 032).
        goalKind: 'AMOUNT',
        goalTarget: 25_000,
      })
      .returning();
    await tx.insert(tipjarAdmins).values({ tipjarId: jar!.id, userId: maker!.id });
    // The demo feed's episodes, read from the feed this process serves (decision 034) without a request:
    // the server is not listening yet. The refresh job reads the same feed once it runs.
    const feed = parseFeed(Buffer.from(demoFeedXml(ctx.config.publicUrl)), 'application/rss+xml');
    await upsertEpisodes(tx, jar!.id, episodesOf(feed));
    const demoEpisodes = await tx
      .select({ id: episodes.id })
      .from(episodes)
      .where(eq(episodes.tipjarId, jar!.id))
      .orderBy(desc(episodes.publishedAt));
    await tx.insert(addons).values({
      tipjarId: jar!.id,
      type: 'TIPJAR',
      costTotalWithTax: ctx.config.TIPJAR_PRICE_CENTS,
      orderedBy: maker!.id,
    });
    // A month of past tips, so the maker's dashboard and the admin tables have something to show; with
    // mixed privacy choices and a few messages the maker shows, for the storefront's supporter wall.
    const names = ['Sanne', 'Joris', null, 'Fatima', 'Kees', 'Lotte', null, 'Mo', 'Eva', 'Daan', 'Noor', 'Bram'];
    const amounts = [300, 500, 1000, 250, 500, 300, 2000, 500, 1000, 300, 750, 500];
    const day = 24 * 60 * 60 * 1000;
    await tx.insert(tips).values(
      names.map((name, i) => {
        const at = new Date(Date.now() - (i * 2.5 + 1) * day);
        return {
          tipjarId: jar!.id,
          amount: amounts[i]!,
          fee: platformFeeOf(amounts[i]!, ctx.config.PLATFORM_FEE_BPS),
          status: i === 5 ? ('cancelled' as const) : ('completed' as const),
          privacy: !name ? ('ANONYMOUS' as const) : i % 4 === 1 ? ('NAME_ONLY' as const) : ('NAME_AND_AMOUNT' as const),
          displayName: name,
          message: i % 3 === 0 ? 'Heerlijke aflevering, ga zo door!' : i === 2 ? 'Voor de volgende zak bonen.' : '',
          messageShown: i === 0 || i === 2,
          email: `tipper${i}@example.org`,
          locale: 'nl' as const,
          paymentMethod: i % 4 === 0 ? 'bcmc' : 'ideal',
          // Most tips for one of the episodes (the per-episode statistics), every third on the storefront.
          episodeId: i % 3 === 2 ? null : (demoEpisodes[(i >> 1) % demoEpisodes.length]?.id ?? null),
          completedAt: i === 5 ? null : at,
          created: at,
          updated: at,
        };
      }),
    );
    // Monthly tippers over the past half year (paid months), for the monthly tips list and chart.
    await seedDemoMonthlyTips(tx, {
      tipjarId: jar!.id,
      passwordHash,
      feeBps: ctx.config.PLATFORM_FEE_BPS,
      // The demo merchant is registered with the provider once the server listens (ensureDemoMerchant).
      merchantUid: 'demo',
    });
    await tx.insert(paymentMethods).values([
      { name: 'iDEAL', type: 'ideal', active: true, priority: 20 },
      { name: 'Bancontact', type: 'bcmc', active: true, priority: 10 },
    ]);
    await tx.insert(faqItems).values([
      {
        priority: 30,
        question: { en: 'What is a Podpot?', nl: 'Wat is een Podpot?' },
        answer: {
          en: 'A Podpot is a tip jar for your podcast, with its own page where listeners can give you a one-off or monthly tip.',
          nl: 'Een Podpot is een fooienpot voor je podcast, met een eigen pagina waar luisteraars je een eenmalige of maandelijkse fooi geven.',
        },
      },
      {
        priority: 20,
        question: { en: 'How do I pay a tip?', nl: 'Hoe betaal ik een fooi?' },
        answer: { en: 'With iDEAL or Bancontact.', nl: 'Met iDEAL of Bancontact.' },
      },
      {
        priority: 10,
        question: { en: 'When does the maker get the money?', nl: 'Wanneer krijgt de maker het geld?' },
        answer: {
          en: "Tips are paid out to the maker's verified bank account by our payment provider.",
          nl: 'Fooien worden door onze betaalpartner uitbetaald op de geverifieerde bankrekening van de maker.',
        },
      },
    ]);
  });
  return { logins: DEMO_LOGINS, tipjarSlug: DEMO_TIPJAR_SLUG };
}

/**
 * The demo tip jar's maker registers with the payment provider through the normal merchant flow
 * (as the backoffice 'Registratie' does), so listeners can tip it. Runs once the server listens
 * (the provider is called over HTTP) and only while the demo jar has no merchant yet.
 */
export async function ensureDemoMerchant(ctx: AppContext): Promise<void> {
  const [jar] = await ctx.db.select().from(tipjars).where(eq(tipjars.slug, DEMO_TIPJAR_SLUG));
  if (!jar || (await findMerchantOfTipjar(ctx.db, jar.id))) return;
  const [admin] = await ctx.db
    .select({ userId: tipjarAdmins.userId, firstName: users.firstName, lastName: users.lastName })
    .from(tipjarAdmins)
    .innerJoin(users, eq(users.id, tipjarAdmins.userId))
    .where(eq(tipjarAdmins.tipjarId, jar.id))
    .orderBy(asc(tipjarAdmins.created))
    .limit(1);
  if (!admin) return;
  await createMerchant(ctx, { userId: admin.userId, role: 'USER' }, jar.id, {
    firstName: admin.firstName || 'Demo',
    lastName: admin.lastName || 'Maker',
    country: 'nld',
  });
}
