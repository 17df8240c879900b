import { randomUUID } from 'node:crypto';
import { formatCents, splitVat } from '@podpot/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oppMerchants, refunds, tipjarAdmins, tipjars, tips } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { pdfPageTexts } from './pdf-text.js';

/** Invoices: numbering, monthly platform-fee invoices, VAT, status moves, files, mail, permissions. Real HTTP, both databases. */
let t: TestApp;
let admin: TestUser;
let maker: TestUser;
let stranger: TestUser;
let n = 0;
const YEAR = new Date().getUTCFullYear();

async function makeJar(options: { admin?: TestUser; name?: string } = {}) {
  n += 1;
  const [jar] = await t.database.db
    .insert(tipjars)
    .values({
      slug: `inv-${n}-${Date.now().toString(36)}`,
      name: options.name ?? `Invoice Pod ${n}`,
      status: 'LIVE',
      contactEmail: `jar${n}@example.test`,
    })
    .returning();
  if (options.admin) await t.database.db.insert(tipjarAdmins).values({ tipjarId: jar!.id, userId: options.admin.id });
  return jar!;
}

async function addTip(
  tipjarId: string,
  completedAt: string,
  amount: number,
  fee: number,
  status = 'completed',
  paidAt: string | null = completedAt,
) {
  const [tip] = await t.database.db
    .insert(tips)
    .values({
      tipjarId,
      amount,
      fee,
      status: status as 'completed',
      email: 'fan@example.test',
      completedAt: paidAt === null ? null : new Date(paidAt),
    })
    .returning();
  return tip!;
}

let merchants = 0;
/** The tip jar's merchant at the provider, as registration leaves it (batch invoicing needs one). */
async function addMerchant(tipjarId: string) {
  merchants += 1;
  await t.database.db.insert(oppMerchants).values({
    tipjarId,
    merchantUid: `mer_inv${merchants}${Date.now().toString(36)}`,
    type: 'consumer',
    merchantStatus: 'live',
    complianceStatus: 'verified',
  });
}

const seqOf = (number: string) => Number(number.split('-')[1]);

async function createManual(
  tipjarId: string,
  lines = [{ description: 'Podpot order', quantity: 1, unitPriceExVat: 1000 }],
) {
  const res = await t.api('POST', '/invoices', { token: admin.token, body: { data: { tipjarId, lines } } });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'ADMIN' });
  maker = await t.createUser({ locale: 'nl' });
  stranger = await t.createUser();
});
afterAll(() => t.close());

describe('POST /api/v1/invoices', () => {
  it('answers 401 anonymous, 403 for a non-admin, 400 for bad lines', async () => {
    const jar = await makeJar();
    const body = { data: { tipjarId: jar.id, lines: [{ description: 'x', quantity: 1, unitPriceExVat: 100 }] } };
    expect((await t.api('POST', '/invoices', { body })).status).toBe(401);
    expect((await t.api('POST', '/invoices', { token: maker.token, body })).status).toBe(403);
    const bad = await t.api('POST', '/invoices', {
      token: admin.token,
      body: { data: { tipjarId: jar.id, lines: [{ description: '', quantity: 0, unitPriceExVat: 1.5 }] } },
    });
    expect(bad.status).toBe(400);
    const none = await t.api('POST', '/invoices', {
      token: admin.token,
      body: { data: { tipjarId: jar.id, lines: [] } },
    });
    expect(none.status).toBe(400);
  });

  it('numbers invoices per year as YYYY-NNNN, consecutively, and computes VAT 21 % in cents', async () => {
    const jar = await makeJar();
    const a = await createManual(jar.id, [
      { description: 'Podpot order', quantity: 1, unitPriceExVat: 1999 },
      { description: 'Extra', quantity: 3, unitPriceExVat: 333 },
    ]);
    const b = await createManual(jar.id);
    expect(a.number).toMatch(new RegExp(`^${YEAR}-\\d{4}$`));
    expect(seqOf(b.number)).toBe(seqOf(a.number) + 1);
    expect(a).toMatchObject({ status: 'draft', period: null, tipjarName: jar.name, issuedAt: null, sentAt: null });
    expect(a.lines[1]).toEqual({ description: 'Extra', quantity: 3, unitPriceExVat: 333, totalExVat: 999 });
    // 1999 + 999 = 2998; 21 % = 629.58 → 630.
    expect([a.totalExVat, a.vat, a.totalInclVat]).toEqual([2998, 630, 3628]);
  });

  it('gives two concurrent creates two distinct consecutive numbers', async () => {
    const jar = await makeJar();
    const [x, y] = await Promise.all([createManual(jar.id), createManual(jar.id)]);
    const seqs = [seqOf(x.number), seqOf(y.number)].sort((p, q) => p - q);
    expect(seqs[1]).toBe(seqs[0]! + 1);
    const list = await t.api('GET', `/invoices?tipjarId=${jar.id}`, { token: admin.token });
    expect(list.body.metadata.count).toBe(2);
  });

  it('refuses an unknown tip jar with 400', async () => {
    const res = await t.api('POST', '/invoices', {
      token: admin.token,
      body: {
        data: {
          tipjarId: '00000000-0000-4000-8000-000000000000',
          lines: [{ description: 'x', quantity: 1, unitPriceExVat: 1 }],
        },
      },
    });
    expect(res.status).toBe(400);
  });
});

describe('single invoices are never empty nor of a running month (issue 39.8)', () => {
  const now = new Date();
  const current = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const nl = { 'accept-language': 'nl-NL,nl;q=0.9' };

  it('refuses lines that come to €0.00 with 400 on data.lines, in the Accept-Language, and takes no number', async () => {
    const jar = await makeJar();
    const before = await createManual(jar.id);
    const lines = [
      { description: 'Podpot order', quantity: 1, unitPriceExVat: 1000 },
      { description: 'Discount', quantity: 1, unitPriceExVat: -1000 },
    ];
    const en = await t.api('POST', '/invoices', { token: admin.token, body: { data: { tipjarId: jar.id, lines } } });
    expect(en.status, en.text).toBe(400);
    expect(en.body.fields['data.lines']).toEqual({ key: 'invoiceEmpty' });
    expect(en.body.message).toContain('€0.00');
    const dutch = await t.api('POST', `/tipjars/${jar.id}/invoices`, {
      token: admin.token,
      headers: nl,
      body: { data: { lines: [{ description: 'Niets', quantity: 3, unitPriceExVat: 0 }] } },
    });
    expect(dutch.status, dutch.text).toBe(400);
    expect(dutch.body.fields['data.lines']).toEqual({ key: 'invoiceEmpty' });
    expect(dutch.body.message).toBe('Een factuur van € 0,00 wordt niet gemaakt: er is niets te factureren');
    // The number series has no hole: the next invoice follows the one before the refusals.
    expect(seqOf((await createManual(jar.id)).number)).toBe(seqOf(before.number) + 1);
  });

  it("names the address sending mails to on the admin's read of one invoice, not on the maker's", async () => {
    const jar = await makeJar({ admin: maker });
    const invoice = await createManual(jar.id);
    const read = await t.api('GET', `/invoices/${invoice.id}`, { token: admin.token });
    expect(read.body.recipientEmail).toBe(jar.contactEmail);
    const own = await t.api('GET', `/tipjars/${jar.id}/invoices/${invoice.id}`, { token: maker.token });
    expect(own.body.recipientEmail).toBeUndefined();
  });

  it("refuses a month's fee invoice without fees (400 on data.period) and leaves the month open", async () => {
    const jar = await makeJar();
    await addTip(jar.id, '2025-07-10T10:00:00Z', 1000, 0);
    const res = await t.api('POST', `/tipjars/${jar.id}/invoices`, {
      token: admin.token,
      headers: nl,
      body: { data: { period: '2025-07' } },
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.fields['data.period']).toEqual({ key: 'invoiceEmpty' });
    expect(res.body.message).toContain('niets te factureren');
    const list = await t.api('GET', `/tipjars/${jar.id}/invoices`, { token: admin.token });
    expect(list.body.data).toEqual([]);
  });

  it('refuses invoice lines for the running month with 400 on data.period, in the Accept-Language', async () => {
    const jar = await makeJar();
    const lines = [{ description: 'Podpot order', quantity: 1, unitPriceExVat: 1000 }];
    const viaAll = await t.api('POST', '/invoices', {
      token: admin.token,
      headers: nl,
      body: { data: { tipjarId: jar.id, period: current, lines } },
    });
    expect(viaAll.status, viaAll.text).toBe(400);
    expect(viaAll.body.fields['data.period']).toEqual({ key: 'periodNotFinished' });
    expect(viaAll.body.message).toBe(
      'Deze maand is nog niet voorbij: alleen afgelopen maanden kunnen worden gefactureerd',
    );
    const viaJar = await t.api('POST', `/tipjars/${jar.id}/invoices`, {
      token: admin.token,
      body: { data: { period: current, lines } },
    });
    expect(viaJar.status, viaJar.text).toBe(400);
    expect(viaJar.body.message).toBe('Only a finished month can be invoiced');
    // A finished month with lines is made.
    const done = await t.api('POST', '/invoices', {
      token: admin.token,
      body: { data: { tipjarId: jar.id, period: '2025-01', lines } },
    });
    expect(done.status, done.text).toBe(201);
  });
});

describe('POST /api/v1/tipjars/:id/invoices (platform-fee invoice of a month)', () => {
  it("sums the month's completed tip fees (UTC month) and splits the VAT out of them", async () => {
    const jar = await makeJar({ admin: maker });
    await addTip(jar.id, '2026-03-01T00:00:00Z', 1000, 50);
    await addTip(jar.id, '2026-03-15T12:00:00Z', 333, 17);
    await addTip(jar.id, '2026-03-31T23:59:59Z', 777, 39);
    await addTip(jar.id, '2026-04-01T00:00:00Z', 5000, 250); // next month
    await addTip(jar.id, '2026-03-10T00:00:00Z', 5000, 250, 'failed', null); // never paid
    const res = await t.api('POST', `/tipjars/${jar.id}/invoices`, {
      token: admin.token,
      body: { data: { period: '2026-03' } },
    });
    expect(res.status, res.text).toBe(201);
    const { net, vat } = splitVat(106);
    expect(res.body).toMatchObject({ period: '2026-03', totalExVat: net, vat, totalInclVat: 106 });
    expect(net + vat).toBe(106);
    expect(res.body.lines).toEqual([
      {
        description: 'Platform fee on 3 tips in 2026-03',
        // The line as data, so each reader words it in their language (issue 13, bug 6).
        text: { key: 'platformFee', tips: 3, period: '2026-03' },
        quantity: 1,
        unitPriceExVat: net,
        totalExVat: net,
      },
    ]);
    // The PDF for the maker (nl) says it in Dutch, with the month's name.
    const pdf = await fetch(`${t.baseUrl}/api/v1/tipjars/${jar.id}/invoices/${res.body.id}/download`, {
      headers: { authorization: `Bearer ${maker.token}` },
    });
    const [text] = pdfPageTexts(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain('Platformkosten over 3 fooien in maart 2026');
    expect(text).not.toContain('Platform fee');
    // Once per tip jar and month.
    const again = await t.api('POST', `/tipjars/${jar.id}/invoices`, {
      token: admin.token,
      body: { data: { period: '2026-03' } },
    });
    expect(again.status).toBe(409);
  });

  it("refuses the tip jar's own admin (403), strangers (404) and a body without period or lines (400)", async () => {
    const jar = await makeJar({ admin: maker });
    const body = { data: { period: '2026-02' } };
    expect((await t.api('POST', `/tipjars/${jar.id}/invoices`, { token: maker.token, body })).status).toBe(403);
    expect((await t.api('POST', `/tipjars/${jar.id}/invoices`, { token: stranger.token, body })).status).toBe(404);
    expect((await t.api('POST', `/tipjars/${jar.id}/invoices`, { body })).status).toBe(401);
    const empty = await t.api('POST', `/tipjars/${jar.id}/invoices`, { token: admin.token, body: { data: {} } });
    expect(empty.status).toBe(400);
    const badPeriod = await t.api('POST', `/tipjars/${jar.id}/invoices`, {
      token: admin.token,
      body: { data: { period: '2026-13' } },
    });
    expect(badPeriod.status).toBe(400);
  });
});

describe('a fee invoice of a month (issue 34.7)', () => {
  /** A completed refund of `tip` with its fee credit, made at `created`, no invoice took yet. */
  async function addCredit(tip: { id: string; tipjarId: string }, created: string, feeCredit: number) {
    await t.database.db.insert(refunds).values({
      tipId: tip.id,
      tipjarId: tip.tipjarId,
      oppTransactionId: randomUUID(),
      kind: 'refund',
      source: 'admin',
      status: 'completed',
      amount: 100,
      feeCredit,
      created: new Date(created),
    });
  }
  const feeInvoice = (jarId: string, period: string) =>
    t.api('POST', `/tipjars/${jarId}/invoices`, { token: admin.token, body: { data: { period } } });

  it('refuses a month still running (its later tips would never be invoiced) with 400 on data.period', async () => {
    const now = new Date();
    const current = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const jar = await makeJar();
    await addTip(jar.id, now.toISOString(), 1000, 50);
    for (const period of [current, '2999-01']) {
      const res = await feeInvoice(jar.id, period);
      expect(res.status, `${period}: ${res.text}`).toBe(400);
      expect(res.body.fields['data.period']).toEqual({ key: 'periodNotFinished' });
    }
    const list = await t.api('GET', `/tipjars/${jar.id}/invoices`, { token: admin.token });
    expect(list.body.data).toEqual([]);
  });

  it('issues a voided month again, and the new invoice takes back the credits the void gave up', async () => {
    const jar = await makeJar();
    const tip = await addTip(jar.id, '2025-05-10T10:00:00Z', 2000, 100);
    await addTip(jar.id, '2025-05-20T10:00:00Z', 1000, 50);
    await addCredit(tip, '2025-05-12T10:00:00Z', 30);
    const first = await feeInvoice(jar.id, '2025-05');
    expect(first.status, first.text).toBe(201);
    expect(first.body.totalInclVat).toBe(150 - 30);
    const voided = await t.api('PUT', `/invoices/${first.body.id}`, {
      token: admin.token,
      body: { data: { status: 'void' } },
    });
    expect(voided.body.status).toBe('void');

    const again = await feeInvoice(jar.id, '2025-05');
    expect(again.status, again.text).toBe(201);
    expect(again.body).toMatchObject({ period: '2025-05', status: 'draft', totalInclVat: 150 - 30 });
    expect(again.body.lines).toHaveLength(2);
    // A non-void invoice of the month stays the only one: a third is refused.
    expect((await feeInvoice(jar.id, '2025-05')).status).toBe(409);
    // The next month (no tips) credits nothing: the credit was taken once, by the re-issued invoice —
    // so it comes to €0.00 and is not made (issue 39.8); a credit left would have made it a credit note.
    const next = await feeInvoice(jar.id, '2025-06');
    expect(next.status, next.text).toBe(400);
    expect(next.body.fields['data.period']).toEqual({ key: 'invoiceEmpty' });
  });

  it('re-issues a voided month in a batch too', async () => {
    const jar = await makeJar();
    await addMerchant(jar.id);
    await addTip(jar.id, '2024-02-10T10:00:00Z', 1000, 50);
    const first = await feeInvoice(jar.id, '2024-02');
    expect(first.status, first.text).toBe(201);
    await t.api('PUT', `/invoices/${first.body.id}`, { token: admin.token, body: { data: { status: 'void' } } });
    const batch = await t.api('POST', '/invoices/batch/create', {
      token: admin.token,
      body: { data: { period: '2024-02' } },
    });
    expect(batch.status, batch.text).toBe(200);
    const list = await t.api('GET', `/tipjars/${jar.id}/invoices?period=2024-02`, { token: admin.token });
    expect(list.body.data.map((i: { status: string }) => i.status).sort()).toEqual(['draft', 'void']);
  });
});

describe('POST /api/v1/invoices/batch/create', () => {
  it('makes one draft per tip jar with a merchant and completed tips in the month, and nothing on a second run', async () => {
    const withTips = await makeJar();
    const other = await makeJar();
    const quiet = await makeJar();
    // Tips, but no merchant at the provider: nothing was paid out, so no fee invoice (issue 13).
    const noMerchant = await makeJar();
    for (const jar of [withTips, other, quiet]) await addMerchant(jar.id);
    await addTip(noMerchant.id, '2025-07-03T10:00:00Z', 1000, 50);
    await addTip(withTips.id, '2025-07-02T10:00:00Z', 1000, 50);
    await addTip(withTips.id, '2025-07-20T10:00:00Z', 2000, 100);
    await addTip(other.id, '2025-07-05T10:00:00Z', 500, 25);
    await addTip(quiet.id, '2025-08-01T00:00:00Z', 500, 25);
    expect((await t.api('POST', '/invoices/batch/create', { body: { data: { period: '2025-07' } } })).status).toBe(401);
    expect(
      (await t.api('POST', '/invoices/batch/create', { token: maker.token, body: { data: { period: '2025-07' } } }))
        .status,
    ).toBe(403);
    expect(
      (await t.api('POST', '/invoices/batch/create', { token: admin.token, body: { data: { period: 'July' } } }))
        .status,
    ).toBe(400);

    const first = await t.api('POST', '/invoices/batch/create', {
      token: admin.token,
      body: { data: { period: '2025-07' } },
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body.count).toBe(2);
    const second = await t.api('POST', '/invoices/batch/create', {
      token: admin.token,
      body: { data: { period: '2025-07' } },
    });
    expect(second.body.count).toBe(0);

    const list = await t.api('GET', '/invoices?period=2025-07&limit=1000', { token: admin.token });
    const byJar = new Map(list.body.data.map((i: { tipjarId: string }) => [i.tipjarId, i]));
    expect(list.body.data).toHaveLength(2);
    expect(byJar.get(withTips.id)).toMatchObject({ status: 'draft', totalInclVat: 150 });
    expect(byJar.get(other.id)).toMatchObject({ status: 'draft', totalInclVat: 25 });
    expect(byJar.has(quiet.id)).toBe(false);
    expect(byJar.has(noMerchant.id)).toBe(false);
  });

  it('takes finished months only: the current month is refused with 400 on data.period', async () => {
    const now = new Date();
    const current = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const jar = await makeJar();
    await addMerchant(jar.id);
    await addTip(jar.id, now.toISOString(), 1000, 50);
    for (const period of [current, '2999-01']) {
      const res = await t.api('POST', '/invoices/batch/create', { token: admin.token, body: { data: { period } } });
      expect(res.status, period).toBe(400);
      expect(res.body.fields['data.period']).toEqual({ key: 'periodNotFinished' });
    }
    const list = await t.api('GET', `/invoices?period=${current}&limit=1000`, { token: admin.token });
    expect(list.body.data.filter((i: { tipjarId: string }) => i.tipjarId === jar.id)).toEqual([]);
  });
});

describe('PUT /api/v1/invoices/:id and DELETE', () => {
  it('edits lines of a draft, then marks sent → paid, and refuses invalid moves with 409', async () => {
    const jar = await makeJar({ admin: maker });
    const inv = await createManual(jar.id);
    const edited = await t.api('PUT', `/invoices/${inv.id}`, {
      token: admin.token,
      body: { data: { lines: [{ description: 'Changed', quantity: 2, unitPriceExVat: 500 }] } },
    });
    expect(edited.status, edited.text).toBe(200);
    expect([edited.body.totalExVat, edited.body.vat, edited.body.totalInclVat]).toEqual([1000, 210, 1210]);

    // draft → paid is not a move.
    const paidEarly = await t.api('PUT', `/invoices/${inv.id}`, {
      token: admin.token,
      body: { data: { status: 'paid' } },
    });
    expect(paidEarly.status).toBe(409);
    expect(paidEarly.body.code).toBe('INVALID_TRANSITION');

    expect((await t.api('POST', `/invoices/${inv.id}/send`, { token: admin.token, body: {} })).status).toBe(200);
    const again = await t.api('POST', `/invoices/${inv.id}/send`, { token: admin.token, body: {} });
    expect(again.status).toBe(409);
    const lines = await t.api('PUT', `/invoices/${inv.id}`, {
      token: admin.token,
      body: { data: { lines: [{ description: 'Late', quantity: 1, unitPriceExVat: 1 }] } },
    });
    expect(lines.status).toBe(409);
    const paid = await t.api('PUT', `/invoices/${inv.id}`, { token: admin.token, body: { data: { status: 'paid' } } });
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('paid');
    const voided = await t.api('PUT', `/invoices/${inv.id}`, {
      token: admin.token,
      body: { data: { status: 'void' } },
    });
    expect(voided.status).toBe(409);
    expect((await t.api('DELETE', `/invoices/${inv.id}`, { token: admin.token })).status).toBe(409);
  });

  it('voids a draft; deletes only the latest draft and then reuses its number (gap-free)', async () => {
    const jar = await makeJar();
    const older = await createManual(jar.id);
    const latest = await createManual(jar.id);
    expect((await t.api('DELETE', `/invoices/${older.id}`, { token: admin.token })).status).toBe(409);
    expect((await t.api('DELETE', `/invoices/${latest.id}`, { token: maker.token })).status).toBe(403);
    expect((await t.api('DELETE', `/invoices/${latest.id}`, { token: admin.token })).status).toBe(204);
    expect((await t.api('GET', `/invoices/${latest.id}`, { token: admin.token })).status).toBe(404);
    const next = await createManual(jar.id);
    expect(next.number).toBe(latest.number);
    const voided = await t.api('PUT', `/invoices/${older.id}`, {
      token: admin.token,
      body: { data: { status: 'void' } },
    });
    expect(voided.body.status).toBe('void');
  });

  it("says why a draft that is not the latest cannot be deleted, in the asker's language (decision 083)", async () => {
    const jar = await makeJar();
    const older = await createManual(jar.id);
    await createManual(jar.id);
    const nl = await t.api('DELETE', `/invoices/${older.id}`, {
      token: admin.token,
      headers: { 'accept-language': 'nl-NL,nl;q=0.9,en;q=0.8' },
    });
    expect(nl.status).toBe(409);
    expect(nl.headers.get('content-language')).toBe('nl');
    expect(nl.body.message).toBe(
      'Alleen het laatste factuurnummer kan worden verwijderd (de nummering blijft doorlopend); laat deze factuur vervallen',
    );
    const en = await t.api('DELETE', `/invoices/${older.id}`, {
      token: admin.token,
      headers: { 'accept-language': 'en' },
    });
    expect(en.headers.get('content-language')).toBe('en');
    expect(en.body.message).toMatch(/^Only the latest invoice number can be deleted/);
    // A message written for developers only is not said to be in the asker's language.
    const gone = await t.api('DELETE', '/invoices/00000000-0000-4000-8000-000000000000', {
      token: admin.token,
      headers: { 'accept-language': 'nl' },
    });
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-language')).toBeNull();
  });
});

describe('downloads', () => {
  it('gives the invoice as a PDF with its number and total', async () => {
    const jar = await makeJar({ admin: maker, name: 'PDF (Pod) \\ Café' });
    const inv = await createManual(jar.id, [{ description: 'Podpot order', quantity: 1, unitPriceExVat: 2479 }]);
    for (const [path, token] of [
      [`/invoices/${inv.id}/download`, admin.token],
      [`/tipjars/${jar.id}/invoices/${inv.id}/download`, maker.token],
    ] as const) {
      const res = await fetch(`${t.baseUrl}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${inv.number}.pdf"`);
      const pdf = Buffer.from(await res.arrayBuffer());
      expect(pdf.toString('latin1').startsWith('%PDF-')).toBe(true);
      expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
      const [text] = pdfPageTexts(pdf);
      expect(text).toContain(inv.number);
      // In the language of the tip jar's first admin (nl). 2479 + 21 % (520.59 → 521) = 3000.
      expect(text).toContain('Factuur');
      expect(text).toContain(`Totaal incl. btw\n${formatCents(3000, 'nl')}`);
      expect(text).toContain('Btw 21%');
      expect(text).toContain('PDF (Pod) \\ Café');
      // The seller from the configuration (demo values outside production).
      expect(text).toContain(t.ctx.config.SELLER_NAME);
      expect(text).toContain(`KvK-nummer ${t.ctx.config.SELLER_COC}`);
      expect(text).toContain(`Btw-nummer ${t.ctx.config.SELLER_VAT_NUMBER}`);
    }
  });

  it('lays 100 lines over several pages, each with the table header and its page number, € and names intact', async () => {
    const jar = await makeJar({ admin: maker, name: 'Zoë’s Łódź Podcast' });
    const lines = Array.from({ length: 100 }, (_, i) => ({
      description: `Episode ${i + 1}: Café Ørsted`,
      quantity: 1,
      unitPriceExVat: 100 + i,
    }));
    const inv = await createManual(jar.id, lines);
    const res = await fetch(`${t.baseUrl}/api/v1/tipjars/${jar.id}/invoices/${inv.id}/download`, {
      headers: { authorization: `Bearer ${maker.token}` },
    });
    expect(res.status).toBe(200);
    const pages = pdfPageTexts(Buffer.from(await res.arrayBuffer()));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain('Omschrijving');
      expect(page).toContain(`Pagina ${i + 1} van ${pages.length}`);
    });
    const all = pages.join('\n');
    for (const line of lines) expect(all).toContain(line.description);
    expect(all).toContain('Zoë’s Łódź Podcast');
    expect(pages.at(-1)).toContain('Episode 100: Café Ørsted');
    expect(pages.at(-1)).toContain(`Totaal incl. btw\n${formatCents(inv.totalInclVat, 'nl')}`);
    expect(all).toContain('€');
    expect(all).not.toContain('\ufffd');
  });

  it("gives the month's completed tips as CSV, formula injection neutralised", async () => {
    const jar = await makeJar({ admin: maker });
    const tip = await addTip(jar.id, '2026-05-03T08:00:00Z', 1234, 62);
    await addTip(jar.id, '2026-06-03T08:00:00Z', 999, 50);
    const inv = await t.api('POST', `/tipjars/${jar.id}/invoices`, {
      token: admin.token,
      body: { data: { period: '2026-05' } },
    });
    const res = await t.api('GET', `/tipjars/${jar.id}/invoices/${inv.body.id}/download/settlements`, {
      token: maker.token,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(`invoice-${inv.body.number}-settlements.csv`);
    const lines = res.text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual(['date,tipId,amount,fee', `2026-05-03T08:00:00.000Z,${tip.id},12.34,0.62`]);
    const adminCsv = await t.api('GET', `/invoices/${inv.body.id}/download/settlements`, { token: admin.token });
    expect(adminCsv.text).toBe(res.text);
    // For a spreadsheet (decision 084): words in the asker's language, decimal comma, Amsterdam time.
    const excel = await t.api('GET', `/invoices/${inv.body.id}/download/settlements?separator=semicolon`, {
      token: admin.token,
    });
    expect(excel.text.replace(/^\ufeff/, '')).toBe(
      `Date;Tip id;Amount;Platform fee\r\n2026-05-03 10:00:00;${tip.id};12,34;0,62\r\n`,
    );
    const dutch = await t.api('GET', `/invoices/${inv.body.id}/download/settlements?separator=semicolon`, {
      token: admin.token,
      headers: { 'accept-language': 'nl-NL' },
    });
    expect(dutch.text.replace(/^\ufeff/, '')).toBe(
      `Datum;Fooi-id;Bedrag;Platformkosten\r\n2026-05-03 10:00:00;${tip.id};12,34;0,62\r\n`,
    );
  });
});

describe('POST /api/v1/invoices/:id/send and batch/send', () => {
  it("mails the PDF to the tip jar's contact address in its first admin's language and marks it sent", async () => {
    const jar = await makeJar({ admin: maker });
    const inv = await createManual(jar.id);
    expect((await t.api('POST', `/invoices/${inv.id}/send`, { token: maker.token, body: {} })).status).toBe(403);
    const res = await t.api('POST', `/invoices/${inv.id}/send`, { token: admin.token, body: {} });
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('sent');
    expect(res.body.sentAt).not.toBeNull();
    expect(res.body.issuedAt).not.toBeNull();
    const mail = (await t.outbox()).find((m) => m.subject.includes(inv.number));
    expect(mail?.to).toBe(jar.contactEmail);
    expect(mail?.subject).toBe(`Factuur ${inv.number} - Podpot`);
    expect(mail?.raw).toMatch(/content-type: application\/pdf/i);
    expect(mail?.raw).toContain(`filename=invoice-${inv.number}.pdf`);
  });

  it('sends every draft once', async () => {
    const jar = await makeJar();
    const a = await createManual(jar.id);
    const b = await createManual(jar.id);
    expect((await t.api('POST', '/invoices/batch/send', { token: maker.token, body: {} })).status).toBe(403);
    const res = await t.api('POST', '/invoices/batch/send', { token: admin.token, body: {} });
    expect(res.status, res.text).toBe(200);
    expect(res.body.count).toBeGreaterThanOrEqual(2);
    for (const inv of [a, b]) {
      expect((await t.api('GET', `/invoices/${inv.id}`, { token: admin.token })).body.status).toBe('sent');
    }
    const mails = await t.outbox();
    expect(mails.filter((m) => m.subject.includes(a.number))).toHaveLength(1);
    const drafts = await t.api('GET', '/invoices?status=draft', { token: admin.token });
    expect(drafts.body.metadata.count).toBe(0);
    expect((await t.api('POST', '/invoices/batch/send', { token: admin.token, body: {} })).body.count).toBe(0);
  });
});

describe('reading', () => {
  it("lets a tip jar's admins read only their own invoices; others get 404; admin-only lists answer 401/403", async () => {
    const mine = await makeJar({ admin: maker });
    const theirs = await makeJar();
    const inv = await createManual(mine.id);
    const foreign = await createManual(theirs.id);
    const list = await t.api('GET', `/tipjars/${mine.id}/invoices`, { token: maker.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((i: { id: string }) => i.id)).toEqual([inv.id]);
    expect((await t.api('GET', `/tipjars/${mine.id}/invoices/${inv.id}`, { token: maker.token })).body.number).toBe(
      inv.number,
    );
    // Another tip jar's invoice under my tip jar's path: 404.
    expect((await t.api('GET', `/tipjars/${mine.id}/invoices/${foreign.id}`, { token: maker.token })).status).toBe(404);
    expect((await t.api('GET', `/tipjars/${theirs.id}/invoices`, { token: maker.token })).status).toBe(404);
    expect(
      (await t.api('GET', `/tipjars/${theirs.id}/invoices/${foreign.id}/download`, { token: maker.token })).status,
    ).toBe(404);
    expect((await t.api('GET', `/tipjars/${mine.id}/invoices`, { token: stranger.token })).status).toBe(404);
    expect((await t.api('GET', `/tipjars/${mine.id}/invoices`)).status).toBe(401);
    expect((await t.api('GET', '/invoices')).status).toBe(401);
    expect((await t.api('GET', '/invoices', { token: maker.token })).status).toBe(403);
    expect((await t.api('GET', `/invoices/${inv.id}`, { token: maker.token })).status).toBe(403);
    expect((await t.api('GET', `/invoices/${inv.id}/download`, { token: maker.token })).status).toBe(403);
    const admins = await t.api('GET', `/invoices?search=${inv.number}`, { token: admin.token });
    expect(admins.body.data.map((i: { id: string }) => i.id)).toEqual([inv.id]);
    expect((await t.api('GET', '/invoices?sortBy=nope', { token: admin.token })).status).toBe(400);
  });
});
