import { tipStatusesBefore } from '@podpot/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DbOrTx } from '../../src/db/client.js';
import * as chargeRepo from '../../src/modules/recurring-tips/charge/repository.js';
import { lastWalkKey, type WalkCursor } from '../../src/modules/recurring-tips/charge/walk.js';
import { findLatestForOwners } from '../../src/payments/payments.repository.js';
import { createTestDatabase } from '../support/test-db.js';

/**
 * Decision 028: each batch statement of the charge run reads what its batch needs — by primary key or
 * the work indexes — however many months the run has made, with the statistics the tables have in
 * the middle of a run (none but the charges' own, which the run refreshes after its claim). Before,
 * the lease read every chargeable monthly tip per batch, the recording every tip still `created`,
 * and the batch's attempts every row of their kind: the run slowed down as it went (4.2 ms of
 * database CPU per month at 100k months against 1.5 ms at 20k).
 *
 * Decision 042: the claim and the lease walk their work index forward from the last row they took,
 * so a batch late in the run does not read the index entries of the rows earlier batches took.
 *
 * Measured with PostgreSQL's counters of the running backend (pg_stat_get_xact_*): rows and index
 * entries read in the tables involved, per statement, in a transaction rolled back after it.
 */
const MONTHS = 3000;
const KIND = 'recurring_charge';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await fill(database.db, MONTHS);
  // As the run does once its claim has written the months (runCharges): the rest stays unanalyzed.
  await chargeRepo.analyzeCharges(database.db);
}, 120_000);
afterAll(() => database?.close());

describe('the charge run reads per batch what the batch needs, not the tables', () => {
  it('leasing 100 months of 3000 reads about 100 monthly tips', async () => {
    const read = await readBy(['recurring_tips'], async (tx) => {
      const leased = await chargeRepo.claimChargeWork(tx, new Date(), 60_000, 100);
      expect(leased).toHaveLength(100);
    });
    expect(read).toBeLessThan(500);
  });

  it('leasing the batch after 2,900 months the run already sent reads about 100 months, not theirs', async () => {
    let cursor: WalkCursor | undefined;
    const setup = async (tx: DbOrTx) => {
      // 29 batches leased walking the work index, their answers recorded (no longer scheduled):
      // their index entries stay until a vacuum, in front of every month still to send.
      for (let batch = 0; batch < 29; batch++) {
        const leased = await chargeRepo.claimChargeWork(tx, new Date(), 60_000, 100, cursor);
        cursor = lastWalkKey(leased, cursor);
      }
      await tx.execute(sql`update recurring_tip_charges set status = 'pending', claimed_until = null
                           where claimed_until is not null`);
    };
    const walked = await readBy(
      ['recurring_tip_charges', 'recurring_tips'],
      async (tx) => {
        const leased = await chargeRepo.claimChargeWork(tx, new Date(), 60_000, 100, cursor);
        expect(leased).toHaveLength(100);
      },
      setup,
    );
    // Per month leased: its index entry, its row, its monthly tip (key and row), the update's own look-up.
    expect(walked).toBeLessThan(1000);
    // From the index's start (as every batch leased before decision 042) the same batch reads the
    // entries of all 2,900 months sent before it.
    const fromStart = await readBy(
      ['recurring_tip_charges', 'recurring_tips'],
      async (tx) => {
        expect(await chargeRepo.claimChargeWork(tx, new Date(), 60_000, 100)).toHaveLength(100);
      },
      setup,
    );
    // At least those 2,900 entries and the 100 months it leases, counted as such: the difference to
    // the walk moved around 2,900 by a few reads from run to run (the walk's own start at its cursor).
    expect(fromStart).toBeGreaterThan(2900 + 100);
  });

  it('claiming the batch after 2,900 monthly tips the run already claimed reads about 100, not theirs', async () => {
    let cursor: WalkCursor | undefined;
    const setup = async (tx: DbOrTx) => {
      await tx.execute(sql`update recurring_tips set next_charge_at = now() - interval '1 minute'`);
      // 29 batches claimed walking the due index: their next month is due later (a new index
      // entry further on), the entries they were found by stay until a vacuum.
      for (let batch = 0; batch < 29; batch++) {
        const due = await chargeRepo.lockDueRecurringTips(tx, new Date(), 100, [], cursor);
        cursor = lastWalkKey(due, cursor);
        await chargeRepo.scheduleRecurringTips(
          tx,
          due.map((r) => ({ id: r.id, nextChargeAt: new Date(Date.now() + 30 * 86_400_000) })),
        );
      }
    };
    const walked = await readBy(
      ['recurring_tips'],
      async (tx) => {
        expect(await chargeRepo.lockDueRecurringTips(tx, new Date(), 100, [], cursor)).toHaveLength(100);
      },
      setup,
    );
    expect(walked).toBeLessThan(500);
    const fromStart = await readBy(
      ['recurring_tips'],
      async (tx) => {
        expect(await chargeRepo.lockDueRecurringTips(tx, new Date(), 100)).toHaveLength(100);
      },
      setup,
    );
    // From the due index's start: at least the entries of the 2,900 claimed before it and its own 100.
    expect(fromStart).toBeGreaterThan(2900 + 100);
  });

  it('recording 20 answers moves their 20 tips, reading about those tips only', async () => {
    const months = await monthsOf(20);
    const read = await readBy(['tips'], async (tx) => {
      await chargeRepo.recordChargeAnswers(
        tx,
        months.map((m) => ({ id: m.id, rowId: m.row_id, attempt: 1, open: true })),
        tipStatusesBefore('pending'),
      );
      const [moved] = await rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from tips t join recurring_tip_charges c on c.tip_id = t.id
            where t.status = 'pending' and c.status = 'pending'`,
      );
      expect(moved!.n).toBe(20);
    });
    expect(read).toBeLessThan(200);
  });

  it("reading the latest attempts of 100 months reads about 100 of the kind's rows", async () => {
    const months = await monthsOf(100);
    const read = await readBy(['opp_transactions'], async (tx) => {
      const latest = await findLatestForOwners(
        tx,
        KIND,
        months.map((m) => m.id),
      );
      expect(latest.size).toBe(100);
      expect([...latest.values()].every((r) => r.attempt === 2)).toBe(true);
    });
    expect(read).toBeLessThan(800);
  });
});

async function rows<T>(db: DbOrTx, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(statement);
  return (result as unknown as { rows: T[] }).rows;
}

/** Some months of the fill with their attempt's transaction row. */
function monthsOf(n: number) {
  return rows<{ id: string; row_id: string }>(
    database.db,
    sql`select c.id, o.id as row_id from recurring_tip_charges c
        join opp_transactions o on o.owner_id = c.id and o.kind = ${KIND} and o.attempt = 2
        order by c.id limit ${n}`,
  );
}

/**
 * Rows and index entries `work` read in `tables` and their indexes (sequential scans' rows, index
 * scans' entries and the rows fetched through them), in a transaction that is rolled back (`setup`
 * runs first in it, uncounted). The counters of a backend also hold its earlier transactions' until
 * they are flushed (at most once a second, when idle), so what counts is their growth inside this
 * transaction.
 */
async function readBy(
  tables: string[],
  work: (tx: DbOrTx) => Promise<void>,
  setup?: (tx: DbOrTx) => Promise<void>,
): Promise<number> {
  const names = sql.join(
    tables.map((t) => sql`${t}`),
    sql`, `,
  );
  const ofTables = sql`(select oid from pg_class where relname in (${names}) and relnamespace = 'public'::regnamespace)`;
  const counted = async (tx: DbOrTx) => {
    const [row] = await rows<{ n: number }>(
      tx,
      sql`select coalesce(sum(pg_stat_get_xact_tuples_returned(c.oid) + pg_stat_get_xact_tuples_fetched(c.oid)), 0)::int as n
          from pg_class c left join pg_index i on i.indexrelid = c.oid
          where c.oid in ${ofTables} or i.indrelid in ${ofTables}`,
    );
    return row!.n;
  };
  let read = -1;
  await database.db
    .transaction(async (tx) => {
      await setup?.(tx);
      const before = await counted(tx);
      await work(tx);
      read = (await counted(tx)) - before;
      throw new RolledBack();
    })
    .catch((err: unknown) => {
      if (!(err instanceof RolledBack)) throw err;
    });
  return read;
}

class RolledBack extends Error {}

/**
 * `months` monthly tips in the middle of a charge run, in SQL: each with a tipper, its month's tip
 * still `created`, its charge scheduled (a debit due a minute ago) and two attempts' transaction rows.
 */
async function fill(db: DbOrTx, months: number) {
  await db.execute(sql`insert into tipjars (slug, name, status, type, contact_email)
    values ('charge-scale', 'Charge Scale', 'LIVE', 'BUSINESS', 'scale@example.test')`);
  await db.execute(sql`insert into users (email, password_hash, first_name, last_name)
    select 'scale-' || i || '@example.test', 'x', 'Scale', 'Tipper ' || i from generate_series(1, ${months}) i`);
  await db.execute(sql`insert into recurring_tips (tipjar_id, user_id, amount, status, mandate_status, mandate_uid,
      mandate_token, payment_method, charge_day, next_charge_at, display_name, locale)
    select j.id, u.id, 500, 'active', 'valid', 'mdt_' || u.id, md5(u.id::text), 'ideal', 1,
           now() + interval '20 days', 'Scale', 'en'
    from users u, tipjars j where j.slug = 'charge-scale' and u.email like 'scale-%'`);
  await db.execute(sql`insert into tips (tipjar_id, amount, fee, status, email, payment_method, recurring_tip_id)
    select r.tipjar_id, 500, 25, 'created', 'scale@example.test', 'sepa', r.id from recurring_tips r`);
  await db.execute(sql`insert into recurring_tip_charges (recurring_tip_id, period, amount, via, tip_id, next_attempt_at)
    select t.recurring_tip_id, '2026-01', 500, 'debit', t.id, now() - interval '1 minute'
    from tips t where t.recurring_tip_id is not null`);
  await db.execute(sql`insert into opp_transactions (kind, owner_id, attempt, idempotency_key, amount, merchant_uid, request)
    select ${KIND}, c.id, a, 'charge-' || c.id || '-' || a, 500, 'mer_scale', '{}'::jsonb
    from recurring_tip_charges c, generate_series(1, 2) a`);
}
