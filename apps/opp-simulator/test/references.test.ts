import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SimProviderModes, simulatorOf } from '../src/index.js';
import { type Json, makeMerchant, type SimApp, startSimApp } from './sim-app.js';

/**
 * The simulator's `references` mode (provider-modes.ts, decision 071): `echoed` keeps our reference on
 * transactions and mandates and honours `filter[reference]`, `filter[created]` and `order[]`;
 * `dropped` answers as every recorded OPP answer does — no `reference` — and lists as a provider that
 * does not know those filters: the whole list, newest first, 10 a page unless asked otherwise.
 */
let s: SimApp;
let merchantUid: string;
let profileReferences: SimProviderModes['references'];

beforeAll(async () => {
  s = await startSimApp();
  profileReferences = simulatorOf(s.key).modes.references;
  merchantUid = await makeMerchant(s, 'references');
}, 60_000);
afterEach(() => {
  simulatorOf(s.key).modes.references = profileReferences;
});
afterAll(() => s.close());

async function provider(method: string, path: string, body?: unknown): Promise<Json> {
  const res = await s.provider(method, path, body);
  expect(res.status, path).toBe(200);
  return res.body;
}

const transaction = (reference: string) => ({
  merchant_uid: merchantUid,
  total_price: 300,
  products: [{ name: 'Tip', price: 300, quantity: 1 }],
  return_url: `${s.baseUrl}/thankyou`,
  payment_method: 'ideal',
  reference,
  metadata: { tip_id: reference },
});

const uids = (list: Json) => (list.data as Json[]).map((item) => item.uid as string);

describe("the simulator's references mode", { timeout: 30_000 }, () => {
  it('dropped: no answer carries our reference, metadata stays, and the lists ignore the reference, created and order filters', async () => {
    simulatorOf(s.key).modes.references = 'dropped';
    const made: Json[] = [];
    for (let i = 0; i < 12; i++) made.push(await provider('POST', '/transactions', transaction(`dropped-${i}`)));
    const [first] = made;
    expect(first).not.toHaveProperty('reference');
    expect(first!.metadata).toEqual([{ key: 'tip_id', value: 'dropped-0' }]);
    expect(await provider('GET', `/transactions/${first!.uid}`)).not.toHaveProperty('reference');

    const byReference = await provider('GET', '/transactions?filter[reference]=dropped-0');
    // OPP's default page: 10, the newest first; the filter did nothing.
    expect(byReference).toMatchObject({ items_per_page: 10, current_page: 1, has_more: true });
    expect(uids(byReference)).toHaveLength(10);
    expect(uids(byReference)).not.toContain(first!.uid);
    const created = (byReference.data as Json[]).map((tx) => Number(tx.created));
    expect(created).toEqual([...created].sort((x, y) => y - x));
    expect((byReference.data as Json[]).every((tx) => !('reference' in tx))).toBe(true);
    // Created at or after an hour from now, oldest first: ignored too, every transaction comes, newest first.
    const future = Math.floor(Date.now() / 1000) + 3600;
    const windowed = await provider(
      'GET',
      `/transactions?filter[created][name]=created&filter[created][operand]=gte&filter[created][value]=${future}&order[]=created&perpage=100`,
    );
    expect(uids(windowed)).toEqual(expect.arrayContaining(made.map((tx) => tx.uid as string)));
    const windowedCreated = (windowed.data as Json[]).map((tx) => Number(tx.created));
    expect(windowedCreated).toEqual([...windowedCreated].sort((x, y) => y - x));

    const mandate = await provider('POST', '/mandates', {
      ...transaction('dropped-mandate'),
      mandate_method: 'payment',
      mandate_type: 'consumer',
    });
    expect(mandate).not.toHaveProperty('reference');
    const mandates = await provider('GET', '/mandates?filter[reference]=no-such-reference');
    expect(uids(mandates)).toContain(mandate.uid);
  });

  it('echoed: our reference comes back, filter[reference] filters and order[]=created answers oldest first', async () => {
    simulatorOf(s.key).modes.references = 'echoed';
    const a = await provider('POST', '/transactions', transaction('echoed-a'));
    const b = await provider('POST', '/transactions', transaction('echoed-b'));
    expect(a.reference).toBe('echoed-a');
    expect(uids(await provider('GET', '/transactions?filter[reference]=echoed-b'))).toEqual([b.uid]);
    const from = Number(a.created);
    const oldestFirst = await provider(
      'GET',
      `/transactions?filter[created][name]=created&filter[created][operand]=gte&filter[created][value]=${from}&order[]=created&perpage=100`,
    );
    expect(uids(oldestFirst).indexOf(a.uid)).toBeLessThan(uids(oldestFirst).indexOf(b.uid));
  });
});
