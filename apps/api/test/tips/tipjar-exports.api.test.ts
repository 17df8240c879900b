import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recurringTips } from '../../src/db/schema/index.js';
import { exportTipjarTips } from '../../src/modules/tips/tips.export.js';
import { jarsWithTips } from '../support/jars-with-tips.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/** A maker's own CSV downloads of tips and monthly tips (issue 39.12, decision 084). Real HTTP, both databases. */
let t: TestApp;
let admin: TestUser;
let maker: TestUser;
let otherMaker: TestUser;
let jarA: { id: string; slug: string };
let jarB: { id: string; slug: string };
const NL = { 'accept-language': 'nl' };

const rowsOf = (text: string, delimiter = ',') => parse(text, { bom: true, delimiter }) as string[][];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'ADMIN' });
  maker = await t.createUser({ locale: 'nl' });
  otherMaker = await t.createUser();
  ({ jarA, jarB } = await jarsWithTips(t, maker, otherMaker, 'export', {
    // 23:30 UTC on 28 February is 00:30 on 1 March in Amsterdam.
    lotte: {
      message: 'Mooi, ga zo door',
      created: new Date('2026-02-28T23:30:00Z'),
      completedAt: new Date('2026-02-28T23:30:00Z'),
    },
    sam: { created: new Date('2026-07-01T10:00:00Z'), completedAt: new Date('2026-07-01T10:00:00Z') },
    mila: { created: new Date('2026-01-31T23:15:00Z'), nextChargeAt: new Date('2026-12-01T08:00:00Z') },
  }));
  await t.database.db.insert(recurringTips).values([
    {
      tipjarId: jarA.id,
      userId: admin.id,
      amount: 1000,
      status: 'active',
      mandateStatus: 'valid',
      paymentMethod: 'bcmc',
      privacy: 'ANONYMOUS',
      displayName: 'Hidden Henk',
      created: new Date('2026-03-02T09:00:00Z'),
    },
    {
      tipjarId: jarB.id,
      userId: maker.id,
      amount: 700,
      status: 'active',
      privacy: 'NAME_AND_AMOUNT',
      displayName: 'B',
    },
  ]);
});
afterAll(() => t.close());

describe('GET /api/v1/tipjars/:id/tips/export', () => {
  it("answers 401 anonymous and 404 to a maker of another tip jar (B's export for A's maker)", async () => {
    expect((await t.api('GET', `/tipjars/${jarB.id}/tips/export`)).status).toBe(401);
    const other = await t.api('GET', `/tipjars/${jarB.id}/tips/export`, { token: maker.token });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('NOT_FOUND');
    expect((await t.api('GET', `/tipjars/${jarA.id}/tips/export`, { token: otherMaker.token })).status).toBe(404);
    const bad = await t.api('GET', `/tipjars/${jarA.id}/tips/export?separator=tab`, { token: maker.token });
    expect(bad.status).toBe(400);
  });

  it("gives the maker their tip jar's tips, UTC and keys for a program, no e-mail and no anonymous name", async () => {
    const res = await t.api('GET', `/tipjars/${jarA.id}/tips/export`, { token: maker.token });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(`filename="${jarA.slug}-tips-\\d{4}-\\d{2}-\\d{2}\\.csv"`),
    );
    const [header, lotte, anonymous, ...rest] = rowsOf(res.text);
    expect(rest).toEqual([]);
    expect(header).toEqual([
      'created',
      'status',
      'amount',
      'fee',
      'net',
      'refunded',
      'paymentMethod',
      'displayName',
      'message',
      'episode',
      'monthly',
      'id',
    ]);
    expect(lotte!.slice(0, 9)).toEqual([
      '2026-02-28T23:30:00.000Z',
      'completed',
      '12.50',
      '0.63',
      '11.87',
      '0.00',
      '',
      'Lotte',
      'Mooi, ga zo door',
    ]);
    expect(anonymous![7]).toBe('');
    expect(res.text).not.toContain('Secret Sam');
    expect(res.text).not.toContain('@example.test');
  });

  it('writes the Excel file for Dutch: BOM, semicolons, decimal comma, Dutch headers, Amsterdam time', async () => {
    const res = await t.api('GET', `/tipjars/${jarA.id}/tips/export?separator=semicolon`, {
      token: maker.token,
      headers: NL,
    });
    expect(res.status, res.text).toBe(200);
    // The UTF-8 BOM (res.text is decoded without it), so Excel reads the accents.
    const raw = await fetch(`${t.baseUrl}/api/v1/tipjars/${jarA.id}/tips/export?separator=semicolon`, {
      headers: { authorization: `Bearer ${maker.token}` },
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, lotte, anonymous] = rowsOf(res.text, ';');
    expect(header!.slice(0, 5)).toEqual(['Datum', 'Status', 'Bedrag', 'Platformkosten', 'Netto']);
    // The tip of 23:30 UTC on 28 February was given on 1 March in Amsterdam.
    expect(lotte!.slice(0, 5)).toEqual(['2026-03-01 00:30:00', 'completed', '12,50', '0,63', '11,87']);
    // Summer time: 10:00 UTC is 12:00 in Amsterdam.
    expect(anonymous![0]).toBe('2026-07-01 12:00:00');
    // The same file in English has English words.
    const en = await t.api('GET', `/tipjars/${jarA.id}/tips/export?separator=semicolon`, { token: maker.token });
    expect(rowsOf(en.text, ';')[0]!.slice(0, 4)).toEqual(['Date', 'Status', 'Amount', 'Platform fee']);
  });

  it('lets a platform admin download it too, and reads in keyset batches (all rows, in order)', async () => {
    expect((await t.api('GET', `/tipjars/${jarB.id}/tips/export`, { token: admin.token })).status).toBe(200);
    const file = await exportTipjarTips(t.ctx, { userId: maker.id, role: 'USER' } as never, jarA.id, {
      separator: 'comma',
      locale: 'en',
      batchSize: 1,
    });
    const chunks: string[] = [];
    for await (const chunk of file.body) chunks.push(String(chunk));
    // The header, then one chunk per one-row batch: never the whole file at once.
    expect(chunks).toHaveLength(3);
    expect(rowsOf(chunks.join('')).map((r) => r[7])).toEqual(['displayName', 'Lotte', '']);
  });
});

describe('GET /api/v1/tipjars/:id/recurringtips/export', () => {
  it('answers 401 anonymous and 404 to a maker of another tip jar', async () => {
    expect((await t.api('GET', `/tipjars/${jarB.id}/recurringtips/export`)).status).toBe(401);
    expect((await t.api('GET', `/tipjars/${jarB.id}/recurringtips/export`, { token: maker.token })).status).toBe(404);
    expect((await t.api('GET', `/tipjars/${jarA.id}/recurringtips/export`, { token: otherMaker.token })).status).toBe(
      404,
    );
  });

  it('gives the monthly supporters, no e-mail and no anonymous name; for Dutch Excel in Dutch and Amsterdam time', async () => {
    const plain = await t.api('GET', `/tipjars/${jarA.id}/recurringtips/export`, { token: maker.token });
    expect(plain.status, plain.text).toBe(200);
    const [header, mila, hidden, ...rest] = rowsOf(plain.text);
    expect(rest).toEqual([]);
    expect(header).toEqual([
      'created',
      'status',
      'amount',
      'level',
      'mandate',
      'paymentMethod',
      'nextChargeAt',
      'cancelledAt',
      'displayName',
      'message',
      'id',
      'interval',
    ]);
    // No levels: the level column stays empty (tipjar-levels.api.test.ts fills it).
    expect(mila!.slice(0, 9)).toEqual([
      '2026-01-31T23:15:00.000Z',
      'active',
      '3.00',
      '',
      'valid',
      'ideal',
      '2026-12-01T08:00:00.000Z',
      '',
      'Mila',
    ]);
    expect(hidden![8]).toBe('');
    expect(plain.text).not.toContain('Hidden Henk');
    expect(plain.text).not.toContain('@');

    const excel = await t.api('GET', `/tipjars/${jarA.id}/recurringtips/export?separator=semicolon`, {
      token: maker.token,
      headers: NL,
    });
    const [nlHeader, nlMila] = rowsOf(excel.text, ';');
    expect(nlHeader!.slice(0, 3)).toEqual(['Gestart', 'Status', 'Bedrag']);
    expect(nlHeader!.at(-1)).toBe('Per (maand of jaar)');
    expect(nlMila!.at(-1)).toBe('month');
    expect(nlMila!.slice(0, 3)).toEqual(['2026-02-01 00:15:00', 'active', '3,00']);
    expect(nlMila![6]).toBe('2026-12-01 09:00:00');
  });
});
