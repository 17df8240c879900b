import { goalMonthOf } from '@podpot/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recurringTips, tipjarAdmins, tipjars, tips } from '../../src/db/schema/index.js';
import { publicReadsChanged } from '../../src/lib/public-cache.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/**
 * The storefront's supporter wall and monthly goal (decision 032), as GET tipjars?slug= answers them to
 * anyone: each tip exactly as its privacy allows, messages only when the maker shows them, refunded
 * tips gone; this Amsterdam month's progress toward the goal.
 */
let t: TestApp;
let maker: TestUser;
let stranger: TestUser;
let jars = 0;

beforeAll(async () => {
  t = await createTestApp();
  maker = await t.createUser();
  stranger = await t.createUser();
});
afterAll(() => t.close());

async function liveJar(goal?: { kind: 'AMOUNT' | 'TIPPERS'; target: number }) {
  jars += 1;
  const slug = `wall-${jars}-${Date.now().toString(36)}`;
  const [jar] = await t.database.db
    .insert(tipjars)
    .values({
      slug,
      name: `Wall ${jars}`,
      status: 'LIVE',
      contactEmail: 'maker@example.test',
      goalKind: goal?.kind ?? null,
      goalTarget: goal?.target ?? null,
    })
    .returning();
  await t.database.db.insert(tipjarAdmins).values({ tipjarId: jar!.id, userId: maker.id });
  return jar!;
}

type TipValues = Partial<typeof tips.$inferInsert>;
let minutes = 0;
/** A paid tip, each one a minute later than the one before unless `completedAt` says otherwise. */
async function addTip(tipjarId: string, values: TipValues = {}) {
  minutes += 1;
  const [tip] = await t.database.db
    .insert(tips)
    .values({
      tipjarId,
      amount: 500,
      fee: 25,
      status: 'completed',
      email: 'fan@example.test',
      completedAt: new Date(Date.UTC(2026, 0, 1) + minutes * 60_000),
      ...values,
    })
    .returning();
  return tip!;
}

/** The anonymous answer, once every cached answer is dropped (the rows were written behind the app's back). */
async function visit(slug: string) {
  publicReadsChanged();
  const res = await t.api('GET', `/tipjars?slug=${slug}`);
  expect(res.status).toBe(200);
  return { tipjar: res.body.data[0], text: res.text };
}

const showMessage = (jarId: string, tipId: string, messageShown: boolean, token = maker.token) =>
  t.api('PUT', `/tipjars/${jarId}/tips/${tipId}/wall`, { token, body: { data: { messageShown } } });

describe('the supporter wall in GET tipjars?slug=', () => {
  const PRIVACIES = ['NAME_AND_AMOUNT', 'NAME_ONLY', 'ANONYMOUS'] as const;

  for (const privacy of PRIVACIES) {
    for (const messageShown of [false, true]) {
      it(`shows a ${privacy} tip ${messageShown ? 'with' : 'without'} the message the maker chose, and nothing hidden anywhere`, async () => {
        const jar = await liveJar();
        // Odd figures and names, so a leak anywhere in the answer (another field, the JSON's text) shows.
        const amount = 4321;
        // An anonymous tip's name is never stored; this one is written by hand to prove it is never read either.
        await addTip(jar.id, {
          privacy,
          amount,
          fee: 216,
          displayName: 'Hidden Hanna',
          message: 'Love the show, Quirinus',
          messageShown,
        });
        const { tipjar, text } = await visit(jar.slug);
        expect(tipjar.supporters).toHaveLength(1);
        const [supporter] = tipjar.supporters;
        expect(supporter).toEqual({
          name: privacy === 'ANONYMOUS' ? null : 'Hidden Hanna',
          amount: privacy === 'NAME_AND_AMOUNT' ? amount : null,
          message: messageShown ? 'Love the show, Quirinus' : null,
          monthly: false,
          paidAt: expect.stringMatching(/:00\.000Z$/),
        });
        if (privacy === 'ANONYMOUS') expect(text).not.toContain('Hidden Hanna');
        if (privacy !== 'NAME_AND_AMOUNT') {
          expect(text).not.toContain('4321');
          expect(text).not.toContain('43.21');
        }
        if (!messageShown) expect(text).not.toContain('Quirinus');
        // Nothing of the tip beyond the wall's fields: no id, e-mail, fee or privacy setting.
        expect(text).not.toContain('fan@example.test');
        expect(Object.keys(supporter).sort()).toEqual(['amount', 'message', 'monthly', 'name', 'paidAt']);
      });
    }
  }

  it('lists the last 10 paid tips, newest first, months of monthly tips marked; refunded and unpaid ones never', async () => {
    const jar = await liveJar();
    const recurring = await t.database.db
      .insert(recurringTips)
      .values({ tipjarId: jar.id, userId: stranger.id, amount: 700, status: 'active', mandateStatus: 'valid' })
      .returning();
    for (let i = 1; i <= 11; i++) await addTip(jar.id, { displayName: `Fan ${i}`, amount: 100 * i });
    await addTip(jar.id, { displayName: 'Monthly Mo', amount: 700, recurringTipId: recurring[0]!.id });
    await addTip(jar.id, { displayName: 'Refunded Rita', status: 'refunded', refundedAmount: 500 });
    await addTip(jar.id, { displayName: 'Charged-back Chris', status: 'chargeback', refundedAmount: 500 });
    await addTip(jar.id, { displayName: 'Partly Pete', refundedAmount: 100 });
    await addTip(jar.id, { displayName: 'Pending Paula', status: 'pending', completedAt: null });
    await addTip(jar.id, { displayName: 'Failed Fred', status: 'failed', completedAt: null });
    const { tipjar, text } = await visit(jar.slug);
    expect(tipjar.supporters.map((s: { name: string }) => s.name)).toEqual([
      'Monthly Mo',
      ...Array.from({ length: 9 }, (_, i) => `Fan ${11 - i}`),
    ]);
    expect(tipjar.supporters[0].monthly).toBe(true);
    expect(tipjar.supporters[1]).toMatchObject({ amount: 1100, monthly: false });
    for (const name of ['Rita', 'Chris', 'Pete', 'Paula', 'Fred']) expect(text).not.toContain(name);
  });

  it('drops a tip from the wall once it is refunded', async () => {
    const jar = await liveJar();
    const tip = await addTip(jar.id, { displayName: 'Soon Gone' });
    expect((await visit(jar.slug)).tipjar.supporters).toHaveLength(1);
    await t.database.db
      .update(tips)
      .set({ status: 'refunded', refundedAmount: 500 })
      .where(sql`${tips.id} = ${tip.id}`);
    const after = await visit(jar.slug);
    expect(after.tipjar.supporters).toEqual([]);
    expect(after.text).not.toContain('Soon Gone');
  });
});

describe('PUT tipjars/{id}/tips/{tipId}/wall', () => {
  it('needs a session (401) and a tip of a tip jar the user manages (404 otherwise)', async () => {
    const jar = await liveJar();
    const other = await liveJar();
    const tip = await addTip(jar.id, { message: 'hi' });
    const anonymous = await t.api('PUT', `/tipjars/${jar.id}/tips/${tip.id}/wall`, {
      body: { data: { messageShown: true } },
    });
    expect(anonymous.status).toBe(401);
    expect((await showMessage(jar.id, tip.id, true, stranger.token)).status).toBe(404);
    // The maker manages `other` too, but the tip is not its tip.
    expect((await showMessage(other.id, tip.id, true)).status).toBe(404);
    const bad = await t.api('PUT', `/tipjars/${jar.id}/tips/${tip.id}/wall`, {
      token: maker.token,
      body: { data: { messageShown: 'yes' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty(['data.messageShown']);
    expect((await visit(jar.slug)).tipjar.supporters[0].message).toBeNull();
  });

  it("shows the message on the storefront at once, and hides it again, without moving the tip in the maker's list", async () => {
    const jar = await liveJar();
    const tip = await addTip(jar.id, { displayName: 'Vera', message: 'Keep going!' });
    // Read once so the cached answer holds the hidden message.
    expect((await t.api('GET', `/tipjars?slug=${jar.slug}`)).body.data[0].supporters[0].message).toBeNull();
    const shown = await showMessage(jar.id, tip.id, true);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body).toMatchObject({ id: tip.id, messageShown: true, updated: tip.updated.toISOString() });
    // No publicReadsChanged() here: the write itself drops the cached answer.
    expect((await t.api('GET', `/tipjars?slug=${jar.slug}`)).body.data[0].supporters[0].message).toBe('Keep going!');
    const list = await t.api('GET', `/tipjars/${jar.id}/tips`, { token: maker.token });
    expect(list.body.data[0]).toMatchObject({ id: tip.id, messageShown: true });
    await showMessage(jar.id, tip.id, false);
    const hidden = await t.api('GET', `/tipjars?slug=${jar.slug}`);
    expect(hidden.body.data[0].supporters[0].message).toBeNull();
    expect(hidden.text).not.toContain('Keep going!');
  });
});

describe('the monthly goal', () => {
  const setGoal = (jarId: string, goal: unknown, token = maker.token) =>
    t.api('PUT', `/tipjars/${jarId}`, { token, body: { data: { goal } } });

  it('refuses a goal out of range or of an unknown kind, field by field', async () => {
    const jar = await liveJar();
    const cases: [unknown, string, object][] = [
      [
        { kind: 'AMOUNT', target: 99 },
        'data.goal.target',
        { key: 'goalAmountRange', params: { min: 100, max: 100_000_000 } },
      ],
      [{ kind: 'AMOUNT', target: 100_000_001 }, 'data.goal.target', { key: 'goalAmountRange' }],
      [{ kind: 'AMOUNT', target: 150.5 }, 'data.goal.target', { key: 'goalAmountRange' }],
      [
        { kind: 'TIPPERS', target: 0 },
        'data.goal.target',
        { key: 'goalTippersRange', params: { min: 1, max: 100_000 } },
      ],
      [{ kind: 'TIPPERS', target: 100_001 }, 'data.goal.target', { key: 'goalTippersRange' }],
      [{ kind: 'EPISODES', target: 10 }, 'data.goal.kind', { key: 'choice' }],
      [{ kind: 'AMOUNT' }, 'data.goal.target', { key: 'required' }],
    ];
    for (const [goal, field, error] of cases) {
      const res = await setGoal(jar.id, goal);
      expect(res.status, JSON.stringify(goal)).toBe(400);
      expect(res.body.fields[field], JSON.stringify(goal)).toMatchObject(error);
    }
    expect((await visit(jar.slug)).tipjar.goal).toBeNull();
  });

  it('is set and cleared by the tip jar admins only, and shows on the storefront at once', async () => {
    const jar = await liveJar();
    expect((await setGoal(jar.id, { kind: 'TIPPERS', target: 5 }, stranger.token)).status).toBe(404);
    expect((await t.api('PUT', `/tipjars/${jar.id}`, { body: { data: { goal: null } } })).status).toBe(401);
    await t.api('GET', `/tipjars?slug=${jar.slug}`);
    const set = await setGoal(jar.id, { kind: 'AMOUNT', target: 50_000 });
    expect(set.status, set.text).toBe(200);
    expect(set.body.goal).toEqual({ kind: 'AMOUNT', target: 50_000 });
    const shown = (await t.api('GET', `/tipjars?slug=${jar.slug}`)).body.data[0];
    expect(shown.goal).toEqual({ kind: 'AMOUNT', target: 50_000 });
    expect(shown.goalProgress).toEqual({ month: goalMonthOf(new Date()).month, current: 0 });
    expect((await setGoal(jar.id, null)).body.goal).toBeNull();
    const cleared = (await t.api('GET', `/tipjars?slug=${jar.slug}`)).body.data[0];
    expect(cleared).toMatchObject({ goal: null, goalProgress: null });
  });

  it("counts this Amsterdam month's paid tips and monthly charges, minus refunds, and nothing from other months", async () => {
    const jar = await liveJar({ kind: 'AMOUNT', target: 10_000 });
    const month = goalMonthOf(new Date());
    // Midnight in Amsterdam at the start of this month and of the next, as instants (the database's clock rules).
    const result = await t.database.db.execute<{ start: string; next: string }>(
      sql`select (${month.from}::timestamp at time zone 'Europe/Amsterdam')::text as start,
                 (${month.until}::timestamp at time zone 'Europe/Amsterdam')::text as next`,
    );
    const [bounds] = Array.isArray(result) ? result : (result as { rows: { start: string; next: string }[] }).rows;
    const start = new Date(bounds!.start).getTime();
    const next = new Date(bounds!.next).getTime();
    const at = (ms: number) => new Date(ms);
    await addTip(jar.id, { amount: 1000, completedAt: at(start - 60_000) }); // last month, one minute before
    await addTip(jar.id, { amount: 200, completedAt: at(start) }); // the first instant of this month
    await addTip(jar.id, { amount: 300, completedAt: at(start + 60_000), recurringTipId: crypto.randomUUID() });
    // Refunded in part and in full: what is left counts.
    await addTip(jar.id, { amount: 1000, refundedAmount: 400, completedAt: at(start + 120_000) });
    await addTip(jar.id, { amount: 800, status: 'refunded', refundedAmount: 800, completedAt: at(start + 180_000) });
    await addTip(jar.id, { amount: 5000, status: 'pending', completedAt: null });
    await addTip(jar.id, { amount: 2000, completedAt: at(next) }); // the first instant of next month
    const { tipjar } = await visit(jar.slug);
    expect(tipjar.goalProgress).toEqual({ month: month.month, current: 200 + 300 + 600 });
  });

  it('counts the tippers with an active monthly tip on a valid mandate, each person once', async () => {
    const jar = await liveJar({ kind: 'TIPPERS', target: 10 });
    const [a, b, c, d] = await Promise.all([t.createUser(), t.createUser(), t.createUser(), t.createUser()]);
    const monthly = (userId: string, values: Partial<typeof recurringTips.$inferInsert>) => ({
      tipjarId: jar.id,
      userId,
      amount: 500,
      status: 'active' as const,
      mandateStatus: 'valid' as const,
      ...values,
    });
    await t.database.db.insert(recurringTips).values([
      monthly(a!.id, {}),
      monthly(a!.id, { amount: 300 }), // a second monthly tip of the same person
      monthly(b!.id, {}),
      monthly(c!.id, { status: 'paused' }),
      monthly(d!.id, { mandateStatus: 'pending' }),
      monthly(stranger.id, { status: 'cancelled' }),
    ]);
    const { tipjar } = await visit(jar.slug);
    expect(tipjar.goal).toEqual({ kind: 'TIPPERS', target: 10 });
    expect(tipjar.goalProgress).toEqual({ month: goalMonthOf(new Date()).month, current: 2 });
  });
});
