import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { insertLiveJar } from '../support/tipjar.js';

/**
 * Issue 33 (11), the last 500s: input each field accepted but the database could not store.
 * - A lone UTF-16 surrogate (`\ud800` in JSON) in a text that lands in `jsonb` (an address, a FAQ
 *   item, an invoice line): PostgreSQL refuses it. Any string of any request holding one is now
 *   refused as it is parsed, naming the field.
 * - Invoice lines whose totals pass a 32-bit integer: each line was within its bounds, their product
 *   and sum were not. A line's total and the invoice's total are bounded now, naming the field.
 */
let t: TestApp;
let admin: TestUser;
let maker: TestUser;
let tipjarId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'ADMIN' });
  maker = await t.createUser();
  tipjarId = await insertLiveJar(t, `unstorable-${Date.now().toString(36)}`, maker);
});
afterAll(() => t.close());

const LONE = 'Pod \ud800 cast';

function expectField(res: { status: number; text: string; body: { fields?: object } }, field: string, key: string) {
  expect(res.status, res.text.slice(0, 300)).toBe(400);
  expect(res.body.fields, res.text.slice(0, 300)).toMatchObject({ [field]: { key } });
}

const line = (unitPriceExVat: number, quantity = 1, description = 'Advertising') => ({
  description,
  quantity,
  unitPriceExVat,
});

describe('a lone surrogate', () => {
  it('in an address is refused, naming the field', async () => {
    const res = await t.api('PUT', '/users/me/profile', {
      token: maker.token,
      body: { data: { firstName: 'Ann', lastName: 'Smith', address: { street: LONE, city: 'Utrecht' } } },
    });
    expectField(res, 'data.address.street', 'invalid');
  });

  it('in a FAQ item is refused, naming the field', async () => {
    const res = await t.api('POST', '/faqitems', {
      token: admin.token,
      body: { data: { question: { en: LONE, nl: 'Vraag' }, answer: { en: 'a', nl: 'b' } } },
    });
    expectField(res, 'data.question.en', 'invalid');
  });

  it('in an invoice line is refused, naming the field', async () => {
    const res = await t.api('POST', '/invoices', {
      token: admin.token,
      body: { data: { tipjarId, lines: [line(1000), line(500, 1, LONE)] } },
    });
    expectField(res, 'data.lines.1.description', 'invalid');
  });

  it('is refused wherever it stands, the low half too; a whole pair (an emoji) is text', async () => {
    const low = await t.api('POST', '/faqitems', {
      token: admin.token,
      body: { data: { question: { en: 'Q', nl: 'V' }, answer: { en: 'a', nl: '\udfa4 b' } } },
    });
    expectField(low, 'data.answer.nl', 'invalid');
    const emoji = await t.api('POST', '/faqitems', {
      token: admin.token,
      body: { data: { question: { en: 'Podcast 🎙️', nl: 'V' }, answer: { en: 'a', nl: 'b' } } },
    });
    expect(emoji.status, emoji.text).toBe(201);
    expect(emoji.body.question.en).toBe('Podcast 🎙️');
  });
});

describe('invoice totals', () => {
  it('refuses a line whose total passes the largest invoice amount, naming it', async () => {
    // 1,000,000 × €1,000,000.00: each within its bounds, the product far past a 32-bit integer.
    const res = await t.api('POST', '/invoices', {
      token: admin.token,
      body: { data: { tipjarId, lines: [line(100_000_000, 1_000_000)] } },
    });
    expectField(res, 'data.lines.0.unitPriceExVat', 'tooBig');
  });

  it('refuses lines whose sum passes it, each line small enough', async () => {
    const lines = Array.from({ length: 30 }, () => line(100_000_000));
    const res = await t.api('POST', '/invoices', { token: admin.token, body: { data: { tipjarId, lines } } });
    expectField(res, 'data.lines', 'tooBig');
    // The same on a draft's new lines.
    const draft = await t.api('POST', '/invoices', {
      token: admin.token,
      body: { data: { tipjarId, lines: [line(1)] } },
    });
    expect(draft.status, draft.text).toBe(201);
    const update = await t.api('PUT', `/invoices/${draft.body.id}`, { token: admin.token, body: { data: { lines } } });
    expectField(update, 'data.lines', 'tooBig');
  });

  it('keeps an invoice of the largest amount, VAT on top', async () => {
    const res = await t.api('POST', '/invoices', {
      token: admin.token,
      body: { data: { tipjarId, lines: [line(100_000_000, 10)] } },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.totalExVat).toBe(1_000_000_000);
    expect(res.body.totalInclVat).toBe(1_210_000_000);
  });
});
