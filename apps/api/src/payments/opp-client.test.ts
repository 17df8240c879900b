import { describe, expect, it } from 'vitest';
import { isIdempotencyKeyUsed, OppClient, OppError, parseMetadata } from './opp-client.js';

/** Recorded shapes from payments.md; the fake fetch stands in for the live OPP API we cannot reach here. */
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

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function fakeFetch(answer: (call: Call) => { status: number; json?: unknown }) {
  const calls: Call[] = [];
  const impl = (async (url: string, init: RequestInit) => {
    const call = {
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const { status, json } = answer(call);
    return new Response(json === undefined ? '' : JSON.stringify(json), { status });
  }) as unknown as typeof fetch;
  return { impl, calls };
}

function client(answer: Parameters<typeof fakeFetch>[0], onUnknownValue?: (f: string, v: string) => void) {
  const fake = fakeFetch(answer);
  return {
    calls: fake.calls,
    opp: new OppClient({
      baseUrl: 'https://api-sandbox.onlinebetaalplatform.nl/v1/',
      apiKey: 'key_1',
      fetch: fake.impl,
      onUnknownValue,
    }),
  };
}

describe('OppClient', () => {
  it('creates a transaction with cents, bearer auth and the Idempotency-Key, and maps the answer', async () => {
    const { opp, calls } = client(() => ({ status: 201, json: TRANSACTION }));
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
      status: 201,
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

  it('finds transactions by our reference with filter[reference], exact matches only, oldest first', async () => {
    const list = (data: unknown[]) => ({ object: 'list', has_more: false, total_item_count: data.length, data });
    const { opp, calls } = client(() => ({
      status: 200,
      // As if the provider ignored the filter: other references and none come back too.
      json: list([
        { ...TRANSACTION, uid: 'tra_late', created: 20, reference: 'tip-1' },
        { ...TRANSACTION, uid: 'tra_other', reference: 'tip-10' },
        { ...TRANSACTION, uid: 'tra_none' },
        { ...TRANSACTION, uid: 'tra_early', created: 10, reference: 'tip-1' },
      ]),
    }));
    const found = await opp.findTransactionsByReference('tip-1');
    expect(found.map((tx) => tx.uid)).toEqual(['tra_early', 'tra_late']);
    expect(found[0]!.reference).toBe('tip-1');
    const url = new URL(calls[0]!.url);
    expect(url.pathname).toBe('/v1/transactions');
    expect(url.searchParams.get('filter[reference]')).toBe('tip-1');
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
