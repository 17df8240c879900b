import { recurringTips, tipjarAdmins, tipjars, tips } from '../../src/db/schema/index.js';
import type { TestApp, TestUser } from './test-app.js';

type TipRow = typeof tips.$inferInsert;
type RecurringTipRow = typeof recurringTips.$inferInsert;

/** A LIVE tip jar `slug` named `Pod {slug}`, run by `owner`, written straight to the database. */
async function insertJar(t: TestApp, owner: TestUser, slug: string) {
  const [jar] = await t.database.db
    .insert(tipjars)
    .values({ slug, name: `Pod ${slug}`, status: 'LIVE', contactEmail: `${slug}@example.test` })
    .returning();
  await t.database.db.insert(tipjarAdmins).values({ tipjarId: jar!.id, userId: owner.id });
  return jar!;
}

/**
 * Two LIVE tip jars `{prefix}-a-…` and `{prefix}-b-…`, run by `maker` and `otherMaker`, with tips
 * written straight to the database: A has Lotte's completed tip (name and amount shown) and Secret Sam's
 * anonymous one, B one of its own; `otherMaker` gives A a monthly tip as Mila (name only). `extra` adds
 * to Lotte's, Sam's and Mila's rows (a message, dates).
 */
export async function jarsWithTips(
  t: TestApp,
  maker: TestUser,
  otherMaker: TestUser,
  prefix: string,
  extra: { lotte?: Partial<TipRow>; sam?: Partial<TipRow>; mila?: Partial<RecurringTipRow> } = {},
) {
  const suffix = Date.now().toString(36);
  const jarA = await insertJar(t, maker, `${prefix}-a-${suffix}`);
  const jarB = await insertJar(t, otherMaker, `${prefix}-b-${suffix}`);
  await t.database.db.insert(tips).values([
    {
      tipjarId: jarA.id,
      amount: 1250,
      fee: 63,
      status: 'completed',
      privacy: 'NAME_AND_AMOUNT',
      displayName: 'Lotte',
      email: 'lotte@example.test',
      ...extra.lotte,
    },
    {
      tipjarId: jarA.id,
      amount: 500,
      fee: 25,
      status: 'completed',
      privacy: 'ANONYMOUS',
      displayName: 'Secret Sam',
      email: 'sam@example.test',
      ...extra.sam,
    },
    { tipjarId: jarB.id, amount: 999, fee: 50, status: 'completed', email: 'b@example.test' },
  ]);
  await t.database.db.insert(recurringTips).values({
    tipjarId: jarA.id,
    userId: otherMaker.id,
    amount: 300,
    status: 'active',
    mandateStatus: 'valid',
    paymentMethod: 'ideal',
    privacy: 'NAME_ONLY',
    displayName: 'Mila',
    ...extra.mila,
  });
  return { jarA, jarB };
}
