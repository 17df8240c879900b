import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatePayment, simulatorOf } from '../src/index.js';
import { makeMerchant, type SimApp, sql, startSimApp } from './sim-app.js';

/**
 * The simulated provider behaves like a provider we can trust with retries (issue 8.3, 8.6):
 * after a restart every undelivered notification arrives, and one Idempotency-Key never makes
 * two objects, however many requests carry it at once. (Moved here from the API's suite: the
 * simulator's own behaviour, its notifications taken by a receiver instead of the API.)
 */
let s: SimApp;
let merchantUid: string;

beforeAll(async () => {
  s = await startSimApp();
  merchantUid = await makeMerchant(s, 'reliability');
}, 60_000);
afterAll(() => s.close());

/** POST /transactions straight to the simulated provider, as our client would. */
function createAtProvider(key: string, amount: number) {
  return s.provider(
    'POST',
    '/transactions',
    {
      merchant_uid: merchantUid,
      total_price: amount,
      return_url: `${s.baseUrl}/thankyou`,
      notify_url: s.notifyUrl,
      payment_method: 'ideal',
    },
    key,
  );
}

/** What a simulator process that died before delivering leaves behind: stored, undelivered rows. */
async function leaveUndelivered(uid: string, i: number) {
  const id = `not_restart_${i}_${Date.now().toString(36)}`;
  const payload = {
    uid: id,
    type: 'transaction.status.changed',
    created: Math.floor(Date.now() / 1000),
    object_uid: uid,
    object_type: 'transaction',
    object_url: `${s.baseUrl}/sim/opp/v1/transactions/${uid}`,
    verification_hash: createHmac('sha256', s.notifySecret).update(id).digest('hex'),
  };
  await s.db.execute(
    sql`insert into sim_notifications (uid, url, payload) values (${id}, ${s.notifyUrl}, ${JSON.stringify(payload)}::jsonb)`,
  );
}

describe('simulated provider', { timeout: 60_000 }, () => {
  it('delivers every undelivered notification after a restart, not just the first 100', async () => {
    const uids: string[] = [];
    for (let i = 0; i < 250; i++) uids.push((await createAtProvider(`restart-${i}-${Date.now()}`, 100 + i)).body.uid);
    // Paid at the provider; the process died before any notification went out.
    for (const [i, uid] of uids.entries()) {
      await simulatePayment(s.key, uid, 'completed', { notify: false });
      await leaveUndelivered(uid, i);
    }
    const sim = simulatorOf(s.key);
    await sim.resumeDeliveries();
    await sim.idle();

    const [left] = await s.rows<{ n: number }>(
      sql`select count(*)::int as n from sim_notifications where delivered_at is null`,
    );
    expect(left?.n).toBe(0);
    const delivered = new Set(s.received.map((n) => n.object_uid));
    expect(uids.filter((uid) => !delivered.has(uid))).toEqual([]);
  }, 120_000);

  it('answers one object for 20 concurrent creates with the same Idempotency-Key (409 while in flight)', async () => {
    const key = `same-key-${Date.now()}`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => createAtProvider(key, 500)));
    for (const a of answers) expect([200, 409], JSON.stringify(a.body)).toContain(a.status);
    const made = answers.filter((a) => a.status === 200);
    expect(made.length).toBeGreaterThan(0);
    expect(new Set(made.map((a) => a.body.uid)).size).toBe(1);
    const [count] = await s.rows<{ n: number }>(
      sql`select count(*)::int as n from sim_objects where object_type = 'transaction' and data->>'merchant_uid' = ${merchantUid} and (data->>'amount')::int = 500`,
    );
    expect(count?.n).toBe(1);

    // A retry after the first finished gets the same object.
    const again = await createAtProvider(key, 500);
    expect(again.status).toBe(200);
    expect(again.body.uid).toBe(made[0]!.body.uid);
  });

  it('takes over a key whose first request died before finishing (stale reservation)', async () => {
    const key = `stale-key-${Date.now()}`;
    await s.db.execute(
      sql`insert into sim_idempotency_keys (scope, key, object_uid, created) values ('transactions', ${key}, null, now() - interval '10 minutes')`,
    );
    const res = await createAtProvider(key, 700);
    expect(res.status).toBe(200);
    const [row] = await s.rows<{ object_uid: string | null }>(
      sql`select object_uid from sim_idempotency_keys where scope = 'transactions' and key = ${key}`,
    );
    expect(row?.object_uid).toBe(res.body.uid);
  });

  it('resumes under the same uid what a provider that crashed mid-create had made: never two objects per key', async () => {
    const dead = `tra_dead${Date.now().toString(16)}`;
    const key = `crashed-transaction-${Date.now()}`;
    // The crashed request had reserved the key for its uid and made nothing yet.
    await s.db.execute(
      sql`insert into sim_idempotency_keys (scope, key, object_uid, created) values ('transactions', ${key}, ${dead}, now() - interval '10 minutes')`,
    );
    const made = await createAtProvider(key, 900);
    expect(made.status).toBe(200);
    expect(made.body.uid).toBe(dead);

    // A mandate whose request died after its first payment was made, before the mandate itself.
    const mandateKey = `crashed-mandate-${Date.now()}`;
    const mandateUid = `mdt_dead${Date.now().toString(16)}`;
    const mandateBody = {
      merchant_uid: merchantUid,
      mandate_method: 'payment',
      mandate_type: 'consumer',
      total_price: 500,
      payment_method: 'ideal',
      return_url: `${s.baseUrl}/thankyou`,
      notify_url: s.notifyUrl,
    };
    await s.db.execute(
      sql`insert into sim_idempotency_keys (scope, key, object_uid, created) values ('mandates', ${mandateKey}, ${mandateUid}, now())`,
    );
    const sim = simulatorOf(s.key);
    const begun = await sim.createMandate(mandateBody, mandateUid).catch(() => undefined);
    // The whole create ran here (it is the same code); undo the mandate to leave what a crash leaves.
    expect(begun?.uid).toBe(mandateUid);
    await s.db.execute(sql`delete from sim_objects where uid = ${mandateUid}`);
    await s.db.execute(
      sql`update sim_idempotency_keys set created = now() - interval '10 minutes' where key = ${mandateKey}`,
    );
    // While the reservation is fresh a retry waits (409); once stale it resumes.
    const mandate = await s.provider('POST', '/mandates', mandateBody, mandateKey);
    expect(mandate.status, JSON.stringify(mandate.body)).toBe(200);
    expect(mandate.body.uid).toBe(mandateUid);
    const firsts = await s.rows<{ uid: string }>(
      sql`select uid from sim_objects where object_type = 'transaction' and data->>'mandate_uid' = ${mandateUid}`,
    );
    expect(firsts).toHaveLength(1);
    // Its checkout link, in whichever field the simulator's mode names it.
    expect(mandate.body.redirect_url ?? mandate.body.mandate_url).toContain(firsts[0]!.uid);
  });
});
