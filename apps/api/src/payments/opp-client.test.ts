import { describe, expect, it, vi } from 'vitest';
import {
  isIdempotencyKeyUsed,
  LOOKUP_MAX_PAGES,
  OppClient,
  OppError,
  OppLookupIncomplete,
  type OppRetryOptions,
  parseMetadata,
} from './opp-client.js';

/** Recorded shapes from docs/provider.md; the fake fetch stands in for the live OPP API we cannot reach here. */
const TRANSACTION = {
  livemode: false,
  uid: 'tra_2e0a1d9b3c4f',
  object: 'transaction',
  created: 1613741183,
  updated: 1613741183,
  completed: null,
  merchant_uid: 'mer_8c1f2a9d7e6b',
  profile_uid: 'pro_1',
  has_checkout: false,
  payment_method: null,
  payment_flow: 'direct',
  payment_details: [],
  amount: 250,
  return_url: 'https://tips.example/return',
  notify_url: 'https://tips.example/opp/notify',
  redirect_url: 'https://sandbox.onlinebetaalplatform.nl/nl/slug/betalen/x/tra_2e0a1d9b3c4f?vc=1',
  status: 'created',
  metadata: [{ key: 'external_id', value: '2015486' }],
  statuses: [{ uid: 'sta_1', object: 'status', created: 1613741183, updated: 1613741183, status: 'created' }],
  order: [],
  escrow: null,
  fees: {},
  refunds: {},
};

const BUSINESS_MERCHANT = {
  livemode: false,
  uid: 'mer_1234',
  object: 'merchant',
  created: 1560000000,
  updated: 1560000000,
  status: 'pending',
  compliance: {
    level: 400,
    status: 'unverified',
    overview_url: 'https://sandbox.onlinebetaalplatform.nl/nl/x/mer_1234/hash/overzicht',
    requirements: [
      {
        type: 'bank_account.required',
        status: 'unverified',
        object_type: null,
        object_uid: null,
        object_url: null,
        object_redirect_url: null,
      },
    ],
  },
  type: 'business',
  coc_nr: '12345678',
  name: 'Podcast BV',
  phone: '31601234567',
  vat_nr: null,
  country: 'nld',
  metadata: [],
};

const BANK_ACCOUNT = { uid: 'bnk_1', object: 'bank_account', status: 'new', created: 1, updated: 1, verified: null };

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

interface Answer {
  status: number;
  json?: unknown;
  /** A raw body instead of `json` (e.g. an empty one). */
  text?: string;
  headers?: Record<string, string>;
  /** Throw like fetch does on a network failure. */
  networkError?: boolean;
}

function fakeFetch(answer: (call: Call) => Answer | Promise<Answer>) {
  const calls: Call[] = [];
  const impl = (async (url: string, init: RequestInit) => {
    const call = {
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const { status, json, text, headers, networkError } = await answer(call);
    if (networkError) throw new TypeError('fetch failed');
    const body = text ?? (json === undefined ? '' : JSON.stringify(json));
    return new Response(status === 204 ? null : body, { status, headers });
  }) as unknown as typeof fetch;
  return { impl, calls };
}

function client(
  answer: Parameters<typeof fakeFetch>[0],
  onUnknownValue?: (f: string, v: string) => void,
  retry: OppRetryOptions = { baseDelayMs: 0 },
  merchantConcurrency?: number,
) {
  const fake = fakeFetch(answer);
  return {
    calls: fake.calls,
    opp: new OppClient({
      baseUrl: 'https://api-sandbox.onlinebetaalplatform.nl/v1/',
      apiKey: 'key_1',
      fetch: fake.impl,
      onUnknownValue,
      retry,
      merchantConcurrency,
    }),
  };
}

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('OppClient', () => {
  it('creates a transaction with cents, bearer auth and the Idempotency-Key, and maps the answer', async () => {
    const { opp, calls } = client(() => ({ status: 200, json: TRANSACTION }));
    const tx = await opp.createTransaction(
      {
        merchant_uid: 'mer_8c1f2a9d7e6b',
        products: [{ name: 'Tip', price: 250, quantity: 1 }],
        total_price: 250,
        return_url: 'https://tips.example/return',
        notify_url: 'https://tips.example/opp/notify',
        payment_method: 'ideal',
      },
      'tip-42',
    );
    expect(calls[0]!.url).toBe('https://api-sandbox.onlinebetaalplatform.nl/v1/transactions');
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.headers.authorization).toBe('Bearer key_1');
    expect(calls[0]!.headers['idempotency-key']).toBe('tip-42');
    expect(calls[0]!.body).toMatchObject({ total_price: 250, payment_method: 'ideal' });
    expect(tx).toMatchObject({
      uid: 'tra_2e0a1d9b3c4f',
      amount: 250,
      status: 'created',
      merchantUid: 'mer_8c1f2a9d7e6b',
      redirectUrl: TRANSACTION.redirect_url,
      completed: null,
      metadata: { external_id: '2015486' },
    });
    expect(tx.statuses).toEqual([{ uid: 'sta_1', status: 'created', created: 1613741183 }]);
  });

  it('sends an Idempotency-Key on every create and refuses to create without one', async () => {
    const { opp, calls } = client((call) => ({
      status: 200,
      json: call.url.includes('merchants') ? BUSINESS_MERCHANT : { uid: 'x', status: 'created' },
    }));
    await opp.createMerchant(
      { type: 'business', country: 'nld', emailaddress: 'a@b.nl', phone: '31600000000', notify_url: 'https://n' },
      'merchant-1',
    );
    await opp.createBankAccount('mer_1234', { return_url: 'https://r', notify_url: 'https://n' }, 'bank-1');
    await opp.createRefund('tra_1', { amount: 100 }, 'refund-1');
    await opp.createMandate(
      {
        merchant_uid: 'mer_1',
        mandate_method: 'payment',
        mandate_type: 'consumer',
        return_url: 'https://r',
        notify_url: 'https://n',
      },
      'mandate-1',
    );
    await opp.createMandateTransaction(
      'mdt_1',
      { merchant_uid: 'mer_1', token: 't', total_price: 500, notify_url: 'https://n' },
      'charge-1-2026-01',
    );
    await opp.migrateMerchant('mer_1234', { coc_nr: '12345678', country: 'nld' }, 'migrate-1');
    expect(calls.map((c) => c.headers['idempotency-key'])).toEqual([
      'merchant-1',
      'bank-1',
      'refund-1',
      'mandate-1',
      'charge-1-2026-01',
      'migrate-1',
    ]);
    await expect(opp.createTransaction({} as never, '')).rejects.toThrow(/Idempotency-Key/);
  });

  it('maps a recorded business merchant with its compliance requirements', async () => {
    const { opp } = client(() => ({ status: 200, json: BUSINESS_MERCHANT }));
    const merchant = await opp.getMerchant('mer_1234');
    expect(merchant.status).toBe('pending');
    expect(merchant.compliance).toMatchObject({ level: 400, status: 'unverified' });
    expect(merchant.compliance.requirements[0]).toEqual({
      type: 'bank_account.required',
      status: 'unverified',
      objectType: null,
      objectUid: null,
      objectUrl: null,
      objectRedirectUrl: null,
    });
    expect(merchant.cocNr).toBe('12345678');
  });

  it('keeps unknown enum values and reports them', async () => {
    const seen: string[] = [];
    const { opp } = client(
      () => ({ status: 200, json: { ...TRANSACTION, status: 'authorized' } }),
      (field, value) => seen.push(`${field}=${value}`),
    );
    const tx = await opp.getTransaction('tra_2e0a1d9b3c4f');
    expect(tx.status).toBe('authorized');
    expect(seen).toEqual(['transaction.status=authorized']);
  });

  it('throws OppError with the provider error body on non-2xx', async () => {
    const { opp } = client(() => ({ status: 409, json: { error: { code: 409, message: 'Concurrent request' } } }));
    const err = await opp.getTransaction('tra_1').catch((e) => e);
    expect(err).toBeInstanceOf(OppError);
    expect(err.status).toBe(409);
    expect(err.code).toBe(409);
    expect(err.message).toMatch(/Concurrent request/);
    expect(err.tries).toBe(3);
  });

  it('reads numbers sent as strings and tolerates fields the provider leaves out', async () => {
    const { opp } = client(() => ({ status: 200, json: { uid: 'tra_1', amount: '250', created: '1613741183' } }));
    expect(await opp.getTransaction('tra_1')).toMatchObject({
      uid: 'tra_1',
      amount: 250,
      created: 1613741183,
      status: '',
      merchantUid: '',
      completed: null,
      statuses: [],
      metadata: {},
    });
  });

  it('refuses a malformed answer with an OppError naming the bad fields, never an object with undefined in it', async () => {
    const answers: Record<string, unknown> = {
      '/transactions/tra_1': { ...TRANSACTION, uid: undefined, amount: 'lots' },
      '/merchants/mer_1': { ...BUSINESS_MERCHANT, compliance: { requirements: 'none' } },
      '/transactions?page=1': { data: { uid: 'tra_1' } },
      '/ideal_issuers': { data: [{ bic: 'INGBNL2A' }] },
    };
    const { opp } = client((call) => ({ status: 200, json: answers[call.url.replace(/^.*\/v1/, '')] }));
    const tx = await opp.getTransaction('tra_1').catch((e) => e);
    expect(tx).toBeInstanceOf(OppError);
    expect(tx.status).toBe(200);
    expect(tx.message).toMatch(/^OPP GET \/transactions\/tra_1 answered unexpected JSON: /);
    expect(tx.message).toMatch(/\buid: /);
    expect(tx.message).toMatch(/\bamount: /);
    await expect(opp.getMerchant('mer_1')).rejects.toThrow(/compliance\.requirements: /);
    await expect(opp.listTransactions({ page: 1 })).rejects.toThrow(/\bdata: /);
    await expect(opp.listIdealIssuers()).rejects.toThrow(/data\.0\.name: /);
  });

  it('turns network failures into OppError too', async () => {
    const opp = new OppClient({
      baseUrl: 'https://api.example/v1',
      apiKey: 'k',
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as unknown as typeof fetch,
    });
    await expect(opp.getTransaction('tra_1')).rejects.toBeInstanceOf(OppError);
  });

  it('fetches notification objects only from its own API', async () => {
    const { opp, calls } = client(() => ({ status: 200, json: TRANSACTION }));
    await opp.getTransactionByUrl('https://api-sandbox.onlinebetaalplatform.nl/v1/transactions/tra_2e0a1d9b3c4f');
    expect(calls[0]!.url).toBe('https://api-sandbox.onlinebetaalplatform.nl/v1/transactions/tra_2e0a1d9b3c4f');
    await expect(opp.getTransactionByUrl('https://evil.example/v1/transactions/tra_1')).rejects.toBeInstanceOf(
      OppError,
    );
    expect(opp.ownsUrl('https://api-sandbox.onlinebetaalplatform.nl.evil.example/v1/transactions/x')).toBe(false);
    expect(opp.ownsUrl('https://api-sandbox.onlinebetaalplatform.nl/v2/transactions/x')).toBe(false);
    expect(calls).toHaveLength(1);
  });

  it("names a notification's API path whatever the host (an egress proxy in front of the provider), never more", () => {
    const { opp } = client(() => ({ status: 200, json: TRANSACTION }));
    for (const host of [
      'api-sandbox.onlinebetaalplatform.nl',
      'api.onlinepaymentplatform.com',
      'egress.internal:3128',
    ]) {
      expect(opp.apiPathOf(`https://${host}/v1/transactions/tra_1`), host).toBe('/transactions/tra_1');
    }
    expect(opp.apiPathOf('https://api.onlinebetaalplatform.nl/v1/merchants/mer_1/bank_accounts/bnk_1')).toBe(
      '/merchants/mer_1/bank_accounts/bnk_1',
    );
    for (const url of [
      'https://api.onlinebetaalplatform.nl/v2/transactions/tra_1',
      'https://api.onlinebetaalplatform.nl/v1/',
      'https://api.onlinebetaalplatform.nl/v1/../admin/tra_1',
      'https://someone:secret@api.onlinebetaalplatform.nl/v1/transactions/tra_1',
      'ftp://api.onlinebetaalplatform.nl/v1/transactions/tra_1',
      '/v1/transactions/tra_1',
      'not a url',
    ]) {
      expect(opp.apiPathOf(url), url).toBeNull();
    }
  });

  it('decides "ours" once, on the parsed URL: what it fetches is what the check saw', async () => {
    const { opp, calls } = client(() => ({ status: 200, json: TRANSACTION }));
    const base = 'https://api-sandbox.onlinebetaalplatform.nl/v1';
    // Spelled differently, the same place: cut at the raw base length it would name another path.
    await opp.getTransactionByUrl('https://api-sandbox.onlinebetaalplatform.nl:443/v1/transactions/tra_1');
    await opp.getTransactionByUrl('HTTPS://API-SANDBOX.onlinebetaalplatform.nl/v1/x/../transactions/tra_2');
    expect(calls.map((c) => c.url)).toEqual([`${base}/transactions/tra_1`, `${base}/transactions/tra_2`]);
    expect(opp.urlUnderBase('https://api-sandbox.onlinebetaalplatform.nl:443/v1/transactions/tra_1')).toBe(
      `${base}/transactions/tra_1`,
    );
    // User info, or `..` out of the base: not ours, and nothing is fetched.
    for (const url of [
      'https://someone:secret@api-sandbox.onlinebetaalplatform.nl/v1/transactions/tra_3',
      'https://api-sandbox.onlinebetaalplatform.nl/v1/../admin/transactions/tra_4',
      'not a url',
    ]) {
      expect(opp.ownsUrl(url), url).toBe(false);
      expect(opp.urlUnderBase(url), url).toBeNull();
      await expect(opp.getTransactionByUrl(url), url).rejects.toBeInstanceOf(OppError);
    }
    expect(calls).toHaveLength(2);
  });

  it('reads list envelopes and iDEAL issuers', async () => {
    const { opp } = client((call) =>
      call.url.endsWith('/ideal_issuers')
        ? { status: 200, json: { data: [{ bic: 'INGBNL2A', name: 'ING' }] } }
        : {
            status: 200,
            json: {
              object: 'list',
              has_more: false,
              total_item_count: 1,
              current_page: 1,
              last_page: 1,
              data: [{ uid: 'set_1', status: 'current', total_amount: 1000, number_of_transactions: 2 }],
            },
          },
    );
    expect(await opp.listIdealIssuers()).toEqual([{ bic: 'INGBNL2A', name: 'ING' }]);
    const settlements = await opp.listSettlements('mer_1');
    expect(settlements.totalItemCount).toBe(1);
    expect(settlements.data[0]).toMatchObject({ uid: 'set_1', totalAmount: 1000, numberOfTransactions: 2 });
  });

  it('reads an expanded specifications sent as a list, as {data: [...]} and as one object', async () => {
    const spec = { uid: 'spe_1', object: 'specification' };
    const shapes = [[spec], { data: [spec] }, spec, null];
    const { opp, calls } = client(() => ({
      status: 200,
      json: {
        object: 'list',
        has_more: false,
        data: shapes.map((specifications, i) => ({ uid: `set_${i}`, status: 'paid', specifications })),
      },
    }));
    const { data, skipped } = await opp.listSettlements('mer_1', 2);
    expect(data.map((s) => s.specificationUids)).toEqual([['spe_1'], ['spe_1'], ['spe_1'], []]);
    expect(skipped).toEqual([]);
    // Only documented parameters: the order is the caller's to make.
    const url = new URL(calls[0]!.url);
    expect(url.pathname).toBe('/v1/merchants/mer_1/settlements');
    expect([...url.searchParams.entries()]).toEqual([
      ['expand[]', 'specifications'],
      ['perpage', '100'],
      ['page', '2'],
    ]);
  });

  it('leaves out a settlement or row that does not parse and names it, keeping the others', async () => {
    const { opp } = client((call) => ({
      status: 200,
      json: call.url.includes('/rows')
        ? { data: [{ type: 'transaction', reference: 'tra_1', amount: 500 }, 'not a row', null] }
        : {
            data: [
              { uid: 'set_good', status: 'paid' },
              { uid: null, status: 'paid' },
              { uid: 'set_odd', specifications: 'spe_1' },
              { uid: 'set_fine', status: 'current' },
            ],
          },
    }));
    const settlements = await opp.listSettlements('mer_1');
    expect(settlements.data.map((s) => s.uid)).toEqual(['set_good', 'set_fine']);
    expect(settlements.skipped).toEqual([
      { index: 1, uid: null, problem: expect.stringContaining('uid') },
      { index: 2, uid: 'set_odd', problem: expect.stringContaining('specifications') },
    ]);
    const rows = await opp.listSettlementRows('set_good', 'spe_1');
    expect(rows.data.map((r) => r.reference)).toEqual(['tra_1']);
    expect(rows.skipped.map((r) => r.index)).toEqual([1, 2]);
  });

  it('finds merchants by e-mail trusting the filter: answers without an address are kept, another address is not', async () => {
    const { opp, calls } = client(() => ({
      status: 200,
      json: {
        data: [
          { ...BUSINESS_MERCHANT, uid: 'mer_unnamed', emailaddress: undefined },
          { ...BUSINESS_MERCHANT, uid: 'mer_same', emailaddress: ' Maker@Example.test ' },
          { ...BUSINESS_MERCHANT, uid: 'mer_other', emailaddress: 'other@example.test' },
        ],
      },
    }));
    const found = await opp.findMerchantsByEmail('maker@example.test');
    expect(found.map((m) => m.uid)).toEqual(['mer_unnamed', 'mer_same']);
    expect(new URL(calls[0]!.url).searchParams.get('filter[emailaddress]')).toBe('maker@example.test');
  });

  it('recognises "Idempotency-Key already used" (assumed: 409, or 400/422 naming the key)', () => {
    const error = (status: number, message: string) =>
      new OppError(
        status,
        { error: { code: status, message } },
        `OPP POST /transactions failed (${status}): ${message}`,
      );
    expect(isIdempotencyKeyUsed(error(409, 'Conflict'))).toBe(true);
    expect(isIdempotencyKeyUsed(error(422, 'Idempotency-Key has already been used'))).toBe(true);
    expect(isIdempotencyKeyUsed(error(400, 'idempotency key reused'))).toBe(true);
    expect(isIdempotencyKeyUsed(error(422, 'total_price must equal the sum of the products'))).toBe(false);
    expect(isIdempotencyKeyUsed(error(503, 'Idempotency-Key store down'))).toBe(false);
    expect(isIdempotencyKeyUsed(new Error('idempotency'))).toBe(false);
  });

  it('parses metadata from the [{key,value}] form', () => {
    expect(
      parseMetadata([
        { key: 'tip_id', value: 'abc' },
        { key: 'n', value: 5 },
      ]),
    ).toEqual({ tip_id: 'abc', n: '5' });
    expect(parseMetadata({ a: 'b' })).toEqual({ a: 'b' });
    expect(parseMetadata(null)).toEqual({});
  });
});

describe('OppClient: finding a create whose answer was lost (decision 071)', () => {
  /** Now, in the provider's Unix seconds; our row was made `ROW_AGE` seconds ago. */
  const NOW = 1_700_000_000;
  const ROW_AGE = 3600;
  const sentAfter = new Date((NOW - ROW_AGE) * 1000);
  const ours = { tip_id: 'tip-a', attempt: '2' };
  /** A recorded-shape transaction (no `reference`), made `age` seconds ago, with metadata pairs. */
  const tx = (uid: string, age: number, metadata: Record<string, string> = { tip_id: 'someone-else' }) => ({
    ...TRANSACTION,
    uid,
    created: NOW - age,
    metadata: Object.entries(metadata).map(([key, value]) => ({ key, value })),
  });
  /** A provider holding `all` (newest first unless said), paging as OPP does and ignoring what the flags say. */
  function provider(all: unknown[], options: { ignoresReference?: boolean; ignoresPage?: boolean } = {}) {
    return client((call) => {
      const url = new URL(call.url);
      const reference = url.searchParams.get('filter[reference]');
      const rows = reference && !options.ignoresReference ? [] : all;
      const perpage = Number(url.searchParams.get('perpage') ?? 10);
      const page = options.ignoresPage ? 1 : Number(url.searchParams.get('page') ?? 1);
      const lastPage = Math.max(1, Math.ceil(rows.length / perpage));
      const data = rows.slice((page - 1) * perpage, page * perpage);
      return {
        status: 200,
        json: {
          object: 'list',
          has_more: page < lastPage,
          total_item_count: rows.length,
          current_page: page,
          last_page: lastPage,
          data,
        },
      };
    });
  }
  const pagesAsked = (calls: Call[]) =>
    calls
      .map((c) => new URL(c.url).searchParams)
      .filter((q) => !q.has('filter[reference]'))
      .map((q) => Number(q.get('page')));

  it('asks filter[reference] first, and an object echoing our exact reference is ours: one call', async () => {
    const { opp, calls } = client(() => ({
      status: 200,
      json: { object: 'list', has_more: false, data: [{ ...tx('tra_ours', 10), reference: 'tip-a' }] },
    }));
    const found = await opp.findTransactions({ reference: 'tip-a', metadata: ours, sentAfter });
    expect(found.map((t) => t.uid)).toEqual(['tra_ours']);
    expect(calls).toHaveLength(1);
    const q = new URL(calls[0]!.url).searchParams;
    expect(new URL(calls[0]!.url).pathname).toBe('/v1/transactions');
    expect(q.get('filter[reference]')).toBe('tip-a');
    expect(q.get('perpage')).toBe('100');
  });

  it('finds a recorded-shape object (no reference) by all our metadata pairs, paging newest first back to our row', async () => {
    // 250 newer objects of others in front of ours, then older ones; the filter is ignored.
    const others = Array.from({ length: 250 }, (_, i) => tx(`tra_new_${i}`, 10 + i));
    const older = Array.from({ length: 300 }, (_, i) => tx(`tra_old_${i}`, ROW_AGE + 3600 + i));
    const all = [
      ...others,
      tx('tra_other_attempt', 400, { tip_id: 'tip-a', attempt: '1' }),
      tx('tra_ours', 500, ours),
      ...older,
    ];
    const { opp, calls } = provider(all, { ignoresReference: true });
    const found = await opp.findTransactions({ reference: 'tip-a', metadata: ours, sentAfter });
    expect(found.map((t) => t.uid)).toEqual(['tra_ours']);
    expect(found[0]!.reference).toBeNull();
    // The hint, then pages 1–3: page 3 reaches objects older than our row (less the slack); no page 4.
    expect(pagesAsked(calls)).toEqual([1, 2, 3]);
    expect(calls).toHaveLength(4);
    const walk = new URL(calls[1]!.url).searchParams;
    expect(walk.get('order[]')).toBe('-created');
    expect(walk.get('perpage')).toBe('100');
  });

  it('answers nothing found once the list is read back past our row, and only for exact pairs', async () => {
    const all = [
      tx('tra_1', 10, { tip_id: 'tip-a', attempt: '1' }),
      tx('tra_2', 20, { tip_id: 'tip-a' }),
      tx('tra_3', ROW_AGE + 900),
    ];
    const { opp } = provider(all);
    expect(await opp.findTransactions({ metadata: ours, sentAfter })).toEqual([]);
    // Without a reference and without pairs nothing can match, not even everything.
    expect(await opp.findTransactions({ metadata: {}, sentAfter })).toEqual([]);
  });

  it('reads a list answered oldest first to its end: objects older than our row come first there', async () => {
    const all = [
      ...Array.from({ length: 150 }, (_, i) => tx(`tra_old_${i}`, ROW_AGE + 10_000 - i)),
      tx('tra_ours', 100, ours),
      ...Array.from({ length: 20 }, (_, i) => tx(`tra_new_${i}`, 50 - i)),
    ];
    const { opp, calls } = provider(all);
    const found = await opp.findTransactions({ metadata: ours, sentAfter });
    expect(found.map((t) => t.uid)).toEqual(['tra_ours']);
    expect(pagesAsked(calls)).toEqual([1, 2]);
  });

  it(`fails (status 0, never "not found") when ${LOOKUP_MAX_PAGES} pages do not reach back to our row`, async () => {
    const all = Array.from({ length: LOOKUP_MAX_PAGES * 100 + 1 }, (_, i) => tx(`tra_${i}`, 1 + Math.floor(i / 200)));
    const { opp, calls } = provider(all);
    const err = await opp.findTransactions({ metadata: ours, sentAfter }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OppLookupIncomplete);
    expect(err).toMatchObject({ status: 0 });
    expect(pagesAsked(calls)).toHaveLength(LOOKUP_MAX_PAGES);
    // Found on the way, it is answered even when the bound is reached.
    all[LOOKUP_MAX_PAGES * 100 - 1] = tx('tra_ours', 200, ours);
    expect((await provider(all).opp.findTransactions({ metadata: ours, sentAfter })).map((t) => t.uid)).toEqual([
      'tra_ours',
    ]);
  });

  it('fails at once when the provider answers every page alike (it ignores `page`)', async () => {
    const all = Array.from({ length: 300 }, (_, i) => tx(`tra_${i}`, 1));
    const { opp, calls } = provider(all, { ignoresPage: true });
    await expect(opp.findTransactions({ metadata: ours, sentAfter })).rejects.toBeInstanceOf(OppLookupIncomplete);
    expect(pagesAsked(calls)).toEqual([1, 2]);
  });

  it('finds mandates the same way, on GET /mandates', async () => {
    const mandate = (uid: string, age: number, metadata: Record<string, string>) => ({
      uid,
      object: 'mandate',
      created: NOW - age,
      status: 'created',
      metadata: Object.entries(metadata).map(([key, value]) => ({ key, value })),
    });
    const { opp, calls } = provider([
      mandate('mdt_other', 10, { charge_id: 'c', attempt: '1' }),
      mandate('mdt_ours', 20, { charge_id: 'c', attempt: '2' }),
    ]);
    const found = await opp.findMandates({
      reference: 'mandate-x',
      metadata: { charge_id: 'c', attempt: '2' },
      sentAfter,
    });
    expect(found.map((m) => m.uid)).toEqual(['mdt_ours']);
    expect(calls.every((c) => new URL(c.url).pathname === '/v1/mandates')).toBe(true);
  });
});

describe('OppClient retries', () => {
  const concurrent = { status: 409, json: { error: { code: 409, message: 'Conflict due to concurrent request' } } };

  it('retries a GET on 409, 5xx and network errors until it gets an answer', async () => {
    const answers: Answer[] = [
      concurrent,
      { status: 502, text: '<html>Bad gateway</html>' },
      { status: 200, json: TRANSACTION },
    ];
    const { opp, calls } = client(() => answers.shift()!);
    expect((await opp.getTransaction('tra_2e0a1d9b3c4f')).uid).toBe('tra_2e0a1d9b3c4f');
    expect(calls).toHaveLength(3);

    const flaky: Answer[] = [
      { status: 0, networkError: true },
      { status: 200, json: TRANSACTION },
    ];
    const second = client(() => flaky.shift()!);
    expect((await second.opp.getTransaction('tra_2e0a1d9b3c4f')).uid).toBe('tra_2e0a1d9b3c4f');
    expect(second.calls).toHaveLength(2);
  });

  it('retries a create only with its Idempotency-Key, the same key every time', async () => {
    const answers: Answer[] = [{ status: 503 }, concurrent, { status: 200, json: TRANSACTION }];
    const { opp, calls } = client(() => answers.shift()!);
    await opp.createTransaction({ merchant_uid: 'mer_r1', total_price: 250 } as never, 'tip-7');
    expect(calls.map((c) => [c.method, c.headers['idempotency-key']])).toEqual([
      ['POST', 'tip-7'],
      ['POST', 'tip-7'],
      ['POST', 'tip-7'],
    ]);
  });

  it('never repeats a call without an Idempotency-Key that changes something, nor a 4xx other than 409/429', async () => {
    const update = client(() => ({ status: 503 }));
    await expect(update.opp.updateMerchant('mer_r2', { status: 'suspended' })).rejects.toMatchObject({ status: 503 });
    expect(update.calls).toHaveLength(1);

    for (const status of [400, 401, 404, 410, 422]) {
      const { opp, calls } = client(() => ({ status, json: { error: { code: status, message: 'no' } } }));
      await expect(opp.getTransaction('tra_1')).rejects.toMatchObject({ status, tries: 1 });
      expect(calls, String(status)).toHaveLength(1);
    }
  });

  it('gives up after the configured number of tries and says so', async () => {
    const { opp, calls } = client(() => ({ status: 500 }), undefined, { tries: 4, baseDelayMs: 0 });
    const err = await opp.getMerchant('mer_r3').catch((e) => e);
    expect(err).toBeInstanceOf(OppError);
    expect(err).toMatchObject({ status: 500, tries: 4 });
    expect(err.message).toMatch(/after 4 tries/);
    expect(calls).toHaveLength(4);

    const off = client(() => ({ status: 500 }), undefined, { tries: 1 });
    await expect(off.opp.getMerchant('mer_r4')).rejects.toMatchObject({ tries: 1 });
    expect(off.calls).toHaveLength(1);
  });

  it('backs off with jitter below a doubling bound, and waits as long as a 429 Retry-After asks (capped)', async () => {
    // The waits the client asks for, not the wall clock (a loaded machine adds its own delays).
    const asked: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    const timers = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      if (ms && ms > 0) asked.push(ms);
      return realSetTimeout(fn, ms);
    }) as typeof setTimeout);
    const draws = vi.spyOn(Math, 'random').mockReturnValue(0.999);
    try {
      const answers: Answer[] = [{ status: 500 }, { status: 500 }, { status: 200, json: TRANSACTION }];
      const { opp } = client(() => answers.shift()!, undefined, { tries: 3, baseDelayMs: 40, maxDelayMs: 1000 });
      await opp.getTransaction('tra_1');
      // Drawn below 40 ms, then below 80 ms: at the top of each bound (random 0.999) it doubles.
      expect(asked).toHaveLength(2);
      expect(asked[0]).toBeLessThan(40);
      expect(asked[0]).toBeGreaterThan(39);
      expect(asked[1]).toBeLessThan(80);
      expect(asked[1]).toBeGreaterThan(79);

      asked.length = 0;
      draws.mockReturnValue(0.5);
      const jittered: Answer[] = [{ status: 500 }, { status: 200, json: TRANSACTION }];
      const third = client(() => jittered.shift()!, undefined, { tries: 2, baseDelayMs: 40, maxDelayMs: 1000 });
      await third.opp.getTransaction('tra_1');
      expect(asked).toEqual([20]);

      asked.length = 0;
      const limited: Answer[] = [
        { status: 429, headers: { 'retry-after': '0.15' } },
        { status: 200, json: TRANSACTION },
      ];
      const second = client(() => limited.shift()!, undefined, { baseDelayMs: 0, maxDelayMs: 1000 });
      await second.opp.getTransaction('tra_1');
      expect(asked).toEqual([150]);

      asked.length = 0;
      const capped: Answer[] = [
        { status: 429, headers: { 'retry-after': '60' } },
        { status: 200, json: TRANSACTION },
      ];
      const fourth = client(() => capped.shift()!, undefined, { baseDelayMs: 0, maxDelayMs: 100 });
      await fourth.opp.getTransaction('tra_1');
      expect(asked).toEqual([100]);
    } finally {
      timers.mockRestore();
      draws.mockRestore();
    }
  });
});

describe('OppClient: lanes per merchant (decision 019)', () => {
  /** A provider that takes `ms` per call and counts the calls in flight per merchant named in the URL or body. */
  function slowProvider(ms: number) {
    const inFlight = new Map<string, number>();
    const most = new Map<string, number>();
    let mostOverall = 0;
    let overall = 0;
    const log: string[] = [];
    const merchantOf = (call: Call) =>
      /\/merchants\/([^/?]+)/.exec(call.url)?.[1] ??
      (call.body as { merchant_uid?: string } | undefined)?.merchant_uid ??
      '-';
    const answer = async (call: Call): Promise<Answer> => {
      const merchant = merchantOf(call);
      inFlight.set(merchant, (inFlight.get(merchant) ?? 0) + 1);
      most.set(merchant, Math.max(most.get(merchant) ?? 0, inFlight.get(merchant)!));
      overall += 1;
      mostOverall = Math.max(mostOverall, overall);
      log.push(`start ${call.method} ${call.url.replace(/^.*\/v1/, '')}`);
      await later(ms);
      inFlight.set(merchant, inFlight.get(merchant)! - 1);
      overall -= 1;
      log.push(`end ${call.method} ${call.url.replace(/^.*\/v1/, '')}`);
      if (call.url.includes('/transactions')) return { status: 200, json: { ...TRANSACTION, merchant_uid: merchant } };
      if (call.url.includes('/bank_accounts'))
        return { status: 200, json: call.method === 'POST' ? BANK_ACCOUNT : { data: [] } };
      return { status: 200, json: { ...BUSINESS_MERCHANT, uid: merchant } };
    };
    return { answer, most, log, mostOverall: () => mostOverall };
  }

  it('changes to one merchant go one at a time, in the order they were asked for', async () => {
    const provider = slowProvider(30);
    const { opp } = client(provider.answer);
    await Promise.all([
      opp.updateMerchant('mer_same', { phone: '31600000001' } as never),
      opp.createBankAccount('mer_same', { return_url: 'https://r' } as never, 'bank-a'),
      opp.updateMerchant('mer_same', { phone: '31600000002' } as never),
      // A read is not held back by them.
      opp.getMerchant('mer_same'),
    ]);
    expect(provider.most.get('mer_same')).toBe(2);
    expect(provider.log.filter((l) => l.startsWith('start'))).toEqual([
      'start POST /merchants/mer_same',
      'start GET /merchants/mer_same',
      'start POST /merchants/mer_same/bank_accounts',
      'start POST /merchants/mer_same',
    ]);
  });

  it('sends payments naming one merchant side by side, never more than merchantConcurrency at once', async () => {
    const provider = slowProvider(30);
    const { opp, calls } = client(provider.answer, undefined, { baseDelayMs: 0 }, 3);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        opp.createTransaction({ merchant_uid: 'mer_busy', total_price: 250 } as never, `tip-busy-${i}`),
      ),
    );
    expect(calls).toHaveLength(7);
    expect(provider.most.get('mer_busy')).toBe(3);
    // Three rounds of 30 ms, not seven: one tip jar is no longer capped at one payment per round trip.
    expect(performance.now() - started).toBeLessThan(7 * 30);
  });

  it('lets calls on different merchants (and calls naming none) run side by side', async () => {
    const provider = slowProvider(30);
    const { opp } = client(provider.answer);
    await Promise.all([
      opp.updateMerchant('mer_one', { phone: '31600000001' } as never),
      opp.updateMerchant('mer_two', { phone: '31600000001' } as never),
      opp.createTransaction({ merchant_uid: 'mer_three', total_price: 250 } as never, 'tip-c'),
      opp.getTransaction('tra_x'),
    ]);
    expect(provider.mostOverall()).toBe(4);
  });

  it('retries payments the provider answered 409 one at a time per merchant', async () => {
    const refused = new Set<string>();
    // Retries in flight when a retry starts: the first tries may still overlap them on a slow machine
    // (they run side by side by design); the retries themselves go one at a time.
    let retriesInFlight = 0;
    const inFlightAtRetry: number[] = [];
    const { opp, calls } = client(async (call) => {
      const key = call.headers['idempotency-key']!;
      const isRetry = refused.has(key);
      if (isRetry) inFlightAtRetry.push(++retriesInFlight);
      await later(20);
      if (isRetry) retriesInFlight -= 1;
      if (isRetry) return { status: 200, json: TRANSACTION };
      refused.add(key);
      return { status: 409, json: { error: { code: 409, message: 'Conflict due to concurrent request' } } };
    });
    await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        opp.createTransaction({ merchant_uid: 'mer_409', total_price: 250 } as never, `tip-409-${i}`),
      ),
    );
    expect(calls).toHaveLength(8);
    expect(inFlightAtRetry).toEqual([1, 1, 1, 1]);
  });

  it("keeps a merchant change's turn through its retries: the next change waits until the retried one is done", async () => {
    let first = true;
    const log: string[] = [];
    const { opp } = client(async (call) => {
      const what = `${call.method} ${call.url.replace(/^.*\/v1/, '')}`;
      log.push(what);
      await later(5);
      if (what.endsWith('/bank_accounts') && first) {
        first = false;
        return { status: 409, json: { error: { code: 409, message: 'Conflict due to concurrent request' } } };
      }
      return what.includes('bank_accounts')
        ? { status: 200, json: BANK_ACCOUNT }
        : { status: 200, json: { ...BUSINESS_MERCHANT, uid: 'mer_turn' } };
    });
    await Promise.all([
      opp.createBankAccount('mer_turn', { return_url: 'https://r' } as never, 'bank-turn'),
      opp.updateMerchant('mer_turn', { phone: '31600000001' } as never),
    ]);
    expect(log).toEqual([
      'POST /merchants/mer_turn/bank_accounts',
      'POST /merchants/mer_turn/bank_accounts',
      'POST /merchants/mer_turn',
    ]);
  });

  it("a failed call does not block the merchant's next one", async () => {
    const { opp } = client((call) =>
      call.url.endsWith('/bank_accounts')
        ? { status: 404, json: { error: { code: 404, message: 'not found' } } }
        : { status: 200, json: { ...BUSINESS_MERCHANT, uid: 'mer_fail' } },
    );
    const [failed, updated] = await Promise.allSettled([
      opp.createBankAccount('mer_fail', { return_url: 'https://r' } as never, 'bank-fail'),
      opp.updateMerchant('mer_fail', { phone: '31600000001' } as never),
    ]);
    expect(failed.status).toBe('rejected');
    expect(updated.status).toBe('fulfilled');
  });
});

describe('OppClient: answers and errors', () => {
  it('repeats a revoke (DELETE /mandates) that got no answer: revoking twice leaves the mandate revoked', async () => {
    const answers = [{ status: 0, networkError: true }, { status: 503 }, { status: 204 }];
    const { opp, calls } = client(() => answers.shift()!);
    expect(await opp.revokeMandate('mdt_1')).toBeNull();
    expect(calls.map((c) => c.method)).toEqual(['DELETE', 'DELETE', 'DELETE']);
  });

  it('accepts an empty answer where none is needed: DELETE /mandates answered 204 or with no body', async () => {
    for (const answer of [{ status: 204 }, { status: 200, text: '' }] as Answer[]) {
      const { opp, calls } = client(() => answer);
      expect(await opp.revokeMandate('mdt_1')).toBeNull();
      expect(calls[0]).toMatchObject({
        method: 'DELETE',
        url: 'https://api-sandbox.onlinebetaalplatform.nl/v1/mandates/mdt_1',
      });
    }
    const withBody = client(() => ({ status: 200, json: { uid: 'mdt_1', status: 'revoked', created: '1700000000' } }));
    expect(await withBody.opp.revokeMandate('mdt_1')).toMatchObject({
      uid: 'mdt_1',
      status: 'revoked',
      created: 1700000000,
    });
    // Where the object is the answer, an empty one is still an error.
    const empty = client(() => ({ status: 204 }));
    await expect(empty.opp.getMandate('mdt_1')).rejects.toThrow(/without a JSON body/);
  });

  it("carries the provider's field messages (error.parameters) in OppError.parameters", async () => {
    const { opp } = client(() => ({
      status: 400,
      json: {
        error: {
          code: 400,
          message: 'Invalid parameters',
          parameters: {
            emailaddress: ['The emailaddress has already been taken.'],
            phone: 'Invalid phone',
            products: { 0: { price: ['must be an integer'] } },
          },
        },
      },
    }));
    const err = await opp
      .createMerchant({ type: 'consumer', country: 'nld', emailaddress: 'a@b.nl', notify_url: 'https://n' }, 'm-1')
      .catch((e) => e);
    expect(err).toBeInstanceOf(OppError);
    expect(err.parameters).toEqual({
      emailaddress: ['The emailaddress has already been taken.'],
      phone: ['Invalid phone'],
      'products.0.price': ['must be an integer'],
    });
    expect(err.message).toMatch(/\(400\): Invalid parameters/);
    // No parameters, or a body that is not the provider's JSON: none, and still an OppError.
    expect(new OppError(500, '<html>oops</html>', 'x').parameters).toEqual({});
    expect(new OppError(400, { error: { code: 400, message: 'Missing required merchant_uid' } }, 'x')).toMatchObject({
      code: 400,
      parameters: {},
    });
  });

  it('reads numeric strings as numbers wherever amounts and timestamps appear', async () => {
    const { opp } = client((call) => {
      if (call.url.includes('/refunds')) {
        return {
          status: 200,
          json: { data: [{ uid: 'ref_1', amount: '6750', created: '1596204264', paid: '1596204300' }] },
        };
      }
      if (call.url.includes('/settlements')) {
        return {
          status: 200,
          json: {
            data: [
              {
                uid: 'set_1',
                total_amount: '1000',
                amount_payable: '900',
                period_start: '1700000000',
                number_of_transactions: '2',
              },
            ],
            total_item_count: '1',
            current_page: '1',
            last_page: '1',
          },
        };
      }
      return {
        status: 200,
        json: {
          ...TRANSACTION,
          amount: '250',
          created: '1613741183',
          statuses: [{ uid: 's', status: 'created', created: '1613741183' }],
        },
      };
    });
    expect((await opp.listRefunds('tra_1')).data[0]).toMatchObject({
      amount: 6750,
      created: 1596204264,
      paid: 1596204300,
    });
    const settlements = await opp.listSettlements('mer_1');
    expect(settlements).toMatchObject({ totalItemCount: 1, currentPage: 1, lastPage: 1 });
    expect(settlements.data[0]).toMatchObject({
      totalAmount: 1000,
      amountPayable: 900,
      periodStart: 1700000000,
      numberOfTransactions: 2,
    });
    expect(await opp.getTransaction('tra_1')).toMatchObject({
      amount: 250,
      created: 1613741183,
      statuses: [{ created: 1613741183 }],
    });
  });
});
