import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { awaitSimulatorDeliveries, simulatePayment } from '@podpot/opp-simulator';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.js';
import { mailOutbox, paymentMethods, tipjarAdmins, tipjars, users } from '../../src/db/schema/index.js';
import { reconcileTransactions } from '../../src/jobs/reconcile.js';
import type { MailMessage } from '../../src/lib/mailer.js';
import { claimDueMails, queueMail } from '../../src/mail/outbox.js';
import { createMailOutbox, MAX_MAIL_ATTEMPTS, messageIdOf } from '../../src/mail/outbox-worker.js';
import { hashPassword } from '../../src/modules/users/users.service.js';
import { createMonthlyWorld, oneOffTip, startTip } from '../money/monthly-support.js';
import { runScript, startChildApp } from '../support/child-app.js';
import { readOutboxDir } from '../support/eml.js';
import { captureLog, createTestApp, type TestApp } from '../support/test-app.js';
import { createTestDatabase, TEST_DB } from '../support/test-db.js';

/**
 * Issue 10, side effects through an outbox (docs/money-rules.md §10, decision 010): a mail is committed with
 * the change that causes it and sent by a worker with retries — never lost (kill -9 between the commit
 * and the send), never twice (two workers, a repeated cause), one Message-ID for every try.
 */

const MINUTE = 60_000;

function later(ms: number) {
  return new Date(Date.now() + ms);
}

function rowsOf(t: TestApp, dedupePrefix: string) {
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.dedupeKey, `${dedupePrefix}%`));
}

/**
 * The mail server refuses mail to `address`: the first `times` tries (every try by default), with
 * `error(n)` for the nth refusal. Returns the undo.
 */
function refuseMailTo(t: TestApp, address: string, error: (n: number) => string, times = Number.POSITIVE_INFINITY) {
  const original = t.ctx.mailer.send;
  let refusals = 0;
  t.ctx.mailer.send = async (message) => {
    if (message.to === address && refusals < times) {
      refusals += 1;
      throw new Error(error(refusals));
    }
    return original.call(t.ctx.mailer, message);
  };
  return () => {
    t.ctx.mailer.send = original;
  };
}

async function recover(t: TestApp, email: string) {
  const res = await t.api('POST', `/auth/password-recover/${encodeURIComponent(email)}`);
  expect(res.status, res.text).toBe(204);
  await t.settle(); // the link and its mail are made after the answer (decision 012)
  const [row] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, email))
    .orderBy(sql`${mailOutbox.created} desc`)
    .limit(1);
  return row!;
}

describe(`the mail outbox worker (${TEST_DB})`, () => {
  let t: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'warn', TIP_RATE_LIMIT_PER_MINUTE: 1000 }, { logStream: log.stream });
  });
  afterAll(() => t.close());

  it('commits the mail with its cause and sends it once, with a Message-ID made from the outbox row', async () => {
    const user = await t.createUser();
    const row = await recover(t, user.email);
    expect(row).toMatchObject({ dedupeKey: expect.stringMatching(/^password-reset:/), recipient: user.email });
    const mails = (await t.outbox()).filter((m) => m.to === user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toMatch(new RegExp(`^Message-ID: ${messageIdOf(row.id, t.ctx.config.MAIL_FROM)}`, 'mi'));
    const [sent] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, claimedUntil: null });
    expect(sent!.sentAt).toBeInstanceOf(Date);
    // Only the envelope stays: the body held the reset link.
    expect(sent!.text).toBe('');
  });

  it('retries a mail the mail server refused twice: sent once, on the third attempt, failures recorded', async () => {
    const user = await t.createUser();
    const restore = refuseMailTo(t, user.email, (n) => `mail server refused (${n})`, 2);
    try {
      const row = await recover(t, user.email);
      // The kick after the commit made the first try; the next is due 30 s later, not now.
      await t.ctx.outbox.drain();
      let [state] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
      expect(state).toMatchObject({ status: 'pending', attempts: 1, lastError: 'mail server refused (1)' });
      expect(state!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
      expect((await t.ctx.outbox.drain()).sent).toBe(0);

      await t.ctx.outbox.drain({ now: later(31_000) });
      [state] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
      expect(state).toMatchObject({ status: 'pending', attempts: 2, lastError: 'mail server refused (2)' });

      expect((await t.ctx.outbox.drain({ now: later(31_000 + 61_000) })).sent).toBe(1);
      [state] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
      expect(state).toMatchObject({ status: 'sent', attempts: 3 });
    } finally {
      restore();
    }
    expect((await t.outbox()).filter((m) => m.to === user.email)).toHaveLength(1);
  });

  it(`gives a mail up after ${MAX_MAIL_ATTEMPTS} attempts, status failed, logged at error level`, async () => {
    const user = await t.createUser();
    const restore = refuseMailTo(t, user.email, () => 'mailbox unavailable');
    let row: Awaited<ReturnType<typeof recover>>;
    try {
      row = await recover(t, user.email);
      await t.ctx.outbox.drain();
      // Each round a little later than the longest wait (an hour).
      for (let i = 1; i <= MAX_MAIL_ATTEMPTS; i++) await t.ctx.outbox.drain({ now: later(i * 61 * MINUTE) });
    } finally {
      restore();
    }
    const [state] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(state).toMatchObject({ status: 'failed', attempts: MAX_MAIL_ATTEMPTS, lastError: 'mailbox unavailable' });
    // Given up means not tried again, however late.
    await t.ctx.outbox.drain({ now: later(48 * 60 * MINUTE) });
    expect((await t.outbox()).filter((m) => m.to === user.email)).toHaveLength(0);
    const lines = log
      .text()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { level: number; msg: string; mailId?: string });
    expect(lines.filter((l) => l.mailId === row.id && l.level === 50).map((l) => l.msg)).toEqual([
      'mail given up after its last attempt',
    ]);
  });

  it('takes over a mail whose worker died while sending, after its lease, with the same Message-ID', async () => {
    const user = await t.createUser();
    const restore = refuseMailTo(t, user.email, () => 'not yet', 1);
    const row = await recover(t, user.email);
    await t.ctx.outbox.drain();
    restore();
    // Another worker claims it when due … and dies (kill -9) before it could record anything.
    const claimAt = later(31_000);
    const [claimed] = await claimDueMails(t.database.db, { now: claimAt, leaseMs: 2 * MINUTE, limit: 10 });
    expect(claimed?.id).toBe(row.id);
    // While its lease runs, nobody else sends it.
    expect((await t.ctx.outbox.drain({ now: later(31_000 + MINUTE) })).sent).toBe(0);
    // After it, this worker does: once, under the Message-ID the dead worker used.
    expect((await t.ctx.outbox.drain({ now: later(31_000 + 2 * MINUTE + 1000) })).sent).toBe(1);
    const mails = (await t.outbox()).filter((m) => m.to === user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toContain(`Message-ID: ${messageIdOf(row.id, t.ctx.config.MAIL_FROM)}`);
    const [state] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(state).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('queues a repeated cause once: the same notification twice, another one, a reconcile — one receipt, one maker mail', async () => {
    const w = await createMonthlyWorld(t);
    const { tipId, uid } = await startTip(w, 800);
    await simulatePayment(t.ctx, uid, 'completed', { notify: false });
    const body = {
      uid: `not_outbox_${uid}`,
      type: 'transaction.status.changed',
      created: Math.floor(Date.now() / 1000),
      object_uid: uid,
      object_type: 'transaction',
      object_url: `${t.ctx.opp.baseUrl}/transactions/${uid}`,
      verification_hash: createHmac('sha256', t.ctx.config.OPP_NOTIFY_SECRET).update(`not_outbox_${uid}`).digest('hex'),
    };
    await Promise.all([
      t.api('POST', '/payments/opp/notify', { body }),
      t.api('POST', '/payments/opp/notify', { body }),
    ]);
    await simulatePayment(t.ctx, uid, 'completed');
    await awaitSimulatorDeliveries(t.ctx);
    await reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 0 });
    const [maker] = await t.database.db
      .select({ id: users.id, email: users.email })
      .from(tipjarAdmins)
      .innerJoin(users, eq(users.id, tipjarAdmins.userId))
      .where(eq(tipjarAdmins.tipjarId, w.jar.id));
    expect((await rowsOf(t, `tip-receipt:${tipId}`)).map((r) => r.recipient)).toEqual(['fan@example.test']);
    expect((await rowsOf(t, `tip-notify:${tipId}`)).map((r) => r.dedupeKey)).toEqual([
      `tip-notify:${tipId}:${maker!.id}`,
    ]);
    const mails = await t.outbox();
    expect(mails.filter((m) => m.text.includes(tipId))).toHaveLength(1);
    expect(mails.filter((m) => m.to === maker!.email)).toHaveLength(1);
    // Queueing the same cause again (a handler run twice) adds nothing.
    const again = await queueMail(
      t.database.db,
      { to: 'fan@example.test', subject: 'again', text: 'again' },
      {
        dedupeKey: `tip-receipt:${tipId}`,
      },
    );
    expect(again).toBe(false);
    expect(await rowsOf(t, `tip-receipt:${tipId}`)).toHaveLength(1);
  });
});

describe(`two outbox workers on one database (${TEST_DB})`, () => {
  let t: TestApp;
  let second: Database | undefined;
  beforeAll(async () => {
    t = await createTestApp({ MAIL_WORKER: 'off' });
    const url = (t.database as Database & { url?: string }).url;
    // On PostgreSQL the second worker has its own connection pool, as another process would.
    if (url) second = await openDatabase({ url, poolSize: 5 });
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  it('drain 50 queued mails side by side: each sent exactly once', async () => {
    const keys = Array.from({ length: 50 }, (_, i) => `bulk:${i}`);
    for (const key of keys) {
      await queueMail(
        t.database.db,
        { to: `${key.replace(':', '-')}@example.test`, subject: key, text: key },
        {
          dedupeKey: key,
        },
      );
    }
    const sent: { worker: number; messageId: string; to: string }[] = [];
    const workerOf = (worker: number, db: Database['db']) =>
      createMailOutbox(
        () => ({
          db,
          log: t.ctx.log,
          mailFrom: t.ctx.config.MAIL_FROM,
          brand: t.ctx.config.BRAND_NAME,
          mailer: {
            async send(message: MailMessage) {
              // A mail server that takes a moment, so both workers are busy at once.
              await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 10));
              sent.push({ worker, messageId: message.messageId!, to: message.to });
            },
          },
        }),
        { enabled: true },
      );
    const a = workerOf(1, t.database.db);
    const b = workerOf(2, second?.db ?? t.database.db);
    const runs = await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    expect(runs.reduce((sum, r) => sum + r.sent, 0)).toBe(50);
    expect(new Set(sent.map((s) => s.messageId)).size).toBe(50);
    expect(sent).toHaveLength(50);
    expect(new Set(sent.map((s) => s.to)).size).toBe(50);
    // Both took part.
    expect(new Set(sent.map((s) => s.worker))).toEqual(new Set([1, 2]));
    const rows = await rowsOf(t, 'bulk:');
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});

describe(`outbox depth in the metrics (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAIL_WORKER: 'off' });
  });
  afterAll(() => t.close());

  async function gauges() {
    const text = await (await fetch(`${t.baseUrl}/metrics`)).text();
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
    return {
      pending: value('podpot_mail_outbox_pending'),
      oldest: value('podpot_mail_outbox_oldest_pending_seconds'),
    };
  }

  it('shows the mails waiting and how long the oldest has waited; both 0 once sent', async () => {
    expect(await gauges()).toEqual({ pending: 0, oldest: 0 });
    const user = await t.createUser();
    await recover(t, user.email);
    await recover(t, user.email);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const waiting = await gauges();
    expect(waiting.pending).toBe(2);
    expect(waiting.oldest).toBeGreaterThanOrEqual(1);
    // MAIL_WORKER=off: nothing went out by itself; asked, the worker sends both.
    expect(readOutboxDir(path.join(t.dataDir, 'outbox'))).toHaveLength(0);
    expect((await t.ctx.outbox.drain()).sent).toBe(2);
    expect(await gauges()).toEqual({ pending: 0, oldest: 0 });
  });
});

describe(`graceful shutdown with a mail being sent (${TEST_DB})`, () => {
  it('app.close() lets the send in progress finish and record, and hands the rest of the batch back', async () => {
    const t = await createTestApp();
    try {
      for (const n of [1, 2, 3]) {
        await queueMail(
          t.database.db,
          { to: `closing-${n}@example.test`, subject: `n${n}`, text: 'x' },
          {
            dedupeKey: `closing:${n}`,
          },
        );
        // One after the other in time, so the worker takes them in this order.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const original = t.ctx.mailer.send;
      let started!: () => void;
      const sending = new Promise<void>((resolve) => {
        started = resolve;
      });
      t.ctx.mailer.send = async (message) => {
        started();
        await new Promise((resolve) => setTimeout(resolve, 500));
        return original.call(t.ctx.mailer, message);
      };
      t.ctx.outbox.kick();
      await sending;
      await t.app.close();
      const rows = await t.database.db
        .select()
        .from(mailOutbox)
        .where(like(mailOutbox.dedupeKey, 'closing:%'))
        .orderBy(mailOutbox.dedupeKey);
      expect(rows.map((r) => [r.dedupeKey, r.status, r.attempts, r.claimedUntil])).toEqual([
        ['closing:1', 'sent', 1, null],
        ['closing:2', 'pending', 0, null],
        ['closing:3', 'pending', 0, null],
      ]);
      expect(readOutboxDir(path.join(t.dataDir, 'outbox')).map((m) => m.to)).toEqual(['closing-1@example.test']);
    } finally {
      await t.close();
    }
  });
});

/**
 * Two real server processes on one PostgreSQL: the first commits a completed tip (its mails queued) and
 * is killed with kill -9 before sending anything; the next process sends them, once.
 */
describe.runIf(TEST_DB === 'pg')('kill -9 between the commit and the send', () => {
  const PASSWORD = 'correct horse battery';
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let mailDir: string;

  beforeAll(async () => {
    database = await createTestDatabase('pg');
    mailDir = await mkdtemp(path.join(tmpdir(), 'podpot-outbox-'));
  });
  afterAll(async () => {
    await database?.close();
    await rm(mailDir, { recursive: true, force: true });
  });

  async function call(base: string, method: string, urlPath: string, token?: string, body?: unknown) {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${urlPath}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text, body: text ? JSON.parse(text) : undefined };
  }

  async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
    for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
      const value = await probe();
      if (value !== undefined) return value;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  const mailsTo = (address: string) => readOutboxDir(path.join(mailDir, 'outbox')).filter((m) => m.to === address);

  it('the next process sends the receipt and the maker mail exactly once', async () => {
    const db = database.db;
    const [method] = await db
      .insert(paymentMethods)
      .values({ name: 'iDEAL', type: 'ideal', priority: 10, active: true })
      .returning();
    const [jar] = await db
      .insert(tipjars)
      .values({
        slug: 'outbox-pod',
        name: 'Outbox Pod',
        status: 'LIVE',
        contactEmail: 'outbox@example.test',
        contactPhone: '+31612345678',
      })
      .returning();
    const [maker] = await db
      .insert(users)
      .values({
        email: 'outbox-maker@example.test',
        passwordHash: await hashPassword(PASSWORD),
        role: 'USER',
        firstName: 'Otto',
        lastName: 'Box',
        locale: 'en',
      })
      .returning();
    await db.insert(tipjarAdmins).values({ tipjarId: jar!.id, userId: maker!.id });

    // The first server sends no mail at all (MAIL_WORKER=off): whatever it commits stays queued.
    const first = await startChildApp(database.url!, { MAIL_WORKER: 'off', DATA_DIR: mailDir });
    let second: Awaited<ReturnType<typeof startChildApp>> | undefined;
    try {
      const login = await call(first.url, 'POST', '/api/v1/auth/login', undefined, {
        username: maker!.email,
        password: PASSWORD,
      });
      expect(login.status, login.text).toBe(200);
      const merchant = await call(
        first.url,
        'POST',
        `/api/v1/tipjars/${jar!.id}/oppmerchant`,
        login.body.access_token,
        {
          data: { firstName: 'Otto', lastName: 'Box', country: 'nld' },
        },
      );
      expect(merchant.status, merchant.text).toBe(201);
      const tip = await call(
        first.url,
        'POST',
        `/api/v1/tipjars/${jar!.id}/tips`,
        undefined,
        oneOffTip(method!.id, 900),
      );
      expect(tip.status, tip.text).toBe(201);
      const tipId = tip.body.tip.id as string;
      const uid = (tip.body.oppTransaction.redirectUrl as string).split('/').pop()!;
      const [key] = (
        (await db.execute(sql`select value from app_secrets where name = 'opp_api_key'`)) as unknown as {
          rows: { value: string }[];
        }
      ).rows;
      // The tipper pays; the provider notifies the first server, which completes the tip.
      const paid = await fetch(`${first.url}/sim/opp/v1/_test/transactions/${uid}/outcome`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key!.value}`, 'content-type': 'application/json' },
        body: JSON.stringify({ outcome: 'completed' }),
      });
      expect(paid.status).toBe(200);
      await until('the tip to complete', async () => {
        const outcome = await call(first.url, 'GET', `/api/v1/tips/${tipId}/outcome`);
        return outcome.body?.status === 'completed' ? true : undefined;
      });
      const queued = await db
        .select()
        .from(mailOutbox)
        .where(like(mailOutbox.dedupeKey, `tip-%:${tipId}%`));
      expect(queued.map((r) => [r.dedupeKey, r.status]).sort()).toEqual([
        [`tip-notify:${tipId}:${maker!.id}`, 'pending'],
        [`tip-receipt:${tipId}`, 'pending'],
      ]);

      // kill -9: the committed mails were never sent.
      await first.kill();
      expect(mailsTo('fan@example.test')).toHaveLength(0);

      // The next process (its scheduler on) sends what the dead one left, at once.
      second = await startChildApp(database.url!, { JOBS: 'on', DATA_DIR: mailDir });
      await until('the receipt', async () => (mailsTo('fan@example.test').length > 0 ? true : undefined));
      await until('the maker mail', async () => (mailsTo(maker!.email).length > 0 ? true : undefined));
      // A further worker round (the scheduler's, every 5 s) and the CLI find nothing left to send.
      await new Promise((resolve) => setTimeout(resolve, 6000));
      const cli = await runScript('src/cli.ts', ['mail'], {
        DATABASE_URL: database.url!,
        DATA_DIR: mailDir,
        PORT: '0',
      });
      expect(cli.output).toContain('"job":"mail","sent":0');
      const receipts = mailsTo('fan@example.test');
      expect(receipts).toHaveLength(1);
      expect(receipts[0]!.text).toContain(tipId);
      expect(mailsTo(maker!.email)).toHaveLength(1);
      const sent = await db
        .select()
        .from(mailOutbox)
        .where(like(mailOutbox.dedupeKey, `tip-%:${tipId}%`));
      expect(sent.map((r) => [r.status, r.attempts])).toEqual([
        ['sent', 1],
        ['sent', 1],
      ]);
    } finally {
      await first.kill().catch(() => {});
      await second?.stop();
    }
  }, 180_000);
});
