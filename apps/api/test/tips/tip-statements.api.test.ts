import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as createRepo from '../../src/modules/tips/tips.create.repository.js';
import * as tipsRepo from '../../src/modules/tips/tips.repository.js';
import { findLatestForOwner } from '../../src/payments/payments.repository.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';
import { addIdeal, type LiveJar, openTip, orderLiveJar } from '../support/tipjar.js';

/**
 * Creating a tip in few statements (decision 047): one read, the tip with its transaction row, and the
 * provider's answer with the tip's move — each decided by the database on the rows it writes.
 */
let t: TestApp;
let ideal: string;
let jar: LiveJar;

beforeAll(async () => {
  t = await createTestApp({ TIP_RATE_LIMIT_PER_MINUTE: 10_000 });
  const admin = await t.createUser({ role: 'ADMIN' });
  ideal = await addIdeal(t, admin.token);
  jar = await orderLiveJar(t, { paymentmethod: ideal, name: 'Statements' });
});
afterAll(() => t.close());

/** A tip and its transaction row as createTip writes them, the provider not asked yet. */
async function writtenTip() {
  const tipId = randomUUID();
  const row = await createRepo.insertTipWithTransaction(t.ctx.db, {
    tipId,
    tipjarId: jar.id,
    amount: 700,
    fee: 35,
    privacy: 'NAME_AND_AMOUNT',
    displayName: 'Lotte',
    message: '',
    email: 'lotte@example.test',
    locale: 'en',
    paymentMethod: 'ideal',
    episodeId: null,
    idempotencyKey: null,
    idempotencyFingerprint: null,
    rowId: randomUUID(),
    providerKey: `tip-${tipId}`,
    merchantUid: jar.merchantUid!,
    request: { reference: `tip-${tipId}` },
  });
  return { tipId, row: row! };
}

describe('recording the answer to a tip’s create', () => {
  it('records the first open answer and moves the tip to pending, in one statement', async () => {
    const { tipId, row } = await writtenTip();
    expect(row.leaseUntil).not.toBeNull();
    const answer = { oppUid: `tra_${randomUUID()}`, status: 'created', redirectUrl: 'https://pay.example/1' };
    const recorded = await createRepo.recordFirstAnswerWithTipPending(t.ctx.db, row.id, answer);
    expect(recorded).toMatchObject({ id: row.id, ...answer, leaseUntil: null });
    expect((await tipsRepo.findTip(t.ctx.db, tipId))?.status).toBe('pending');
  });

  it('records nothing for a row answered before, and leaves its tip alone', async () => {
    const { tipId, row } = await writtenTip();
    const first = { oppUid: `tra_${randomUUID()}`, status: 'pending', redirectUrl: 'https://pay.example/2' };
    const recorded = await createRepo.recordFirstAnswerWithTipPending(t.ctx.db, row.id, first);
    // The statement was prepared in the test before: its `updated` is this call's time, not that one's.
    expect(recorded!.updated.getTime()).toBeGreaterThanOrEqual(row.updated.getTime());
    // The tip moves on (say, paid) before a second answer to the same row comes in.
    await tipsRepo.moveTipStatus(t.ctx.db, tipId, 'completed', ['pending']);
    const again = { oppUid: `tra_${randomUUID()}`, status: 'created', redirectUrl: 'https://pay.example/3' };
    expect(await createRepo.recordFirstAnswerWithTipPending(t.ctx.db, row.id, again)).toBeUndefined();
    expect(await findLatestForOwner(t.ctx.db, createRepo.TIP_KIND, tipId)).toMatchObject(first);
    expect((await tipsRepo.findTip(t.ctx.db, tipId))?.status).toBe('completed');
  });

  it('records the answer but does not move a tip that is no longer created', async () => {
    const { tipId, row } = await writtenTip();
    await tipsRepo.moveTipStatus(t.ctx.db, tipId, 'expired', ['created']);
    const answer = { oppUid: `tra_${randomUUID()}`, status: 'created', redirectUrl: null };
    expect(await createRepo.recordFirstAnswerWithTipPending(t.ctx.db, row.id, answer)).toMatchObject(answer);
    expect((await tipsRepo.findTip(t.ctx.db, tipId))?.status).toBe('expired');
  });

  it('writes nothing when the tip’s Idempotency-Key is taken', async () => {
    const key = { idempotencyKey: `key-${randomUUID()}`, idempotencyFingerprint: 'f' };
    const first = await writtenTip();
    await tipsRepo.moveTipStatus(t.ctx.db, first.tipId, 'expired', ['created']);
    const tipId = randomUUID();
    const values = {
      tipId,
      tipjarId: jar.id,
      amount: 700,
      fee: 35,
      privacy: 'NAME_AND_AMOUNT' as const,
      displayName: null,
      message: '',
      email: 'lotte@example.test',
      locale: 'en' as const,
      paymentMethod: 'ideal',
      episodeId: null,
      ...key,
      rowId: randomUUID(),
      providerKey: `tip-${tipId}`,
      merchantUid: jar.merchantUid!,
      request: {},
    };
    expect(await createRepo.insertTipWithTransaction(t.ctx.db, values)).toBeDefined();
    const second = { ...values, tipId: randomUUID(), rowId: randomUUID(), providerKey: `tip-${randomUUID()}` };
    expect(await createRepo.insertTipWithTransaction(t.ctx.db, second)).toBeUndefined();
    expect(await tipsRepo.findTip(t.ctx.db, second.tipId)).toBeUndefined();
  });
});

describe.runIf(TEST_DB === 'pg')('the statements of one tip (PostgreSQL)', () => {
  it('creates a tip in three statements of the API: one read, one insert, one record', async () => {
    const statements: string[] = [];
    const query = pg.Client.prototype.query;
    // Every statement the app sends over a pooled client, the simulator's (same process) set apart.
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const q = args[0] as string | { text: string };
      statements.push(typeof q === 'string' ? q : q.text);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      await openTip(t, jar.id, { amount: 500, paymentmethod: ideal });
    } finally {
      pg.Client.prototype.query = query;
    }
    const ours = statements.filter((s) => !/"sim_/.test(s));
    expect(ours).toHaveLength(3);
    expect(ours[0]).toMatch(/^select .* from "tipjars" left join "opp_merchants"/s);
    expect(ours[1]).toMatch(/^with "new_owner" as \(insert into "tips"/);
    expect(ours[2]).toMatch(/^with "answered" as \(update "opp_transactions"/);
  });
});
