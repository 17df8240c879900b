import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OppClient } from './opp-client.js';

/**
 * Client contract: real OPP response bodies from public repositories (fixtures/SOURCES.md cites each
 * one: repository, path, commit) go through the client exactly as published, with the status the
 * source recorded. Separate from the simulator, which is our own guess at the same shapes.
 *
 * Not covered, because no public recording exists (SOURCES.md): mandates and mandate transactions,
 * settlements and their rows, iDEAL issuers, error bodies.
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** A provider that answers every call with one recorded body and status, and notes what it was asked. */
function replay(name: string, status = 200) {
  const calls: { method: string; url: string }[] = [];
  const opp = new OppClient({
    baseUrl: 'https://api-sandbox.onlinebetaalplatform.nl/v1',
    apiKey: 'key',
    retry: { tries: 1 },
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ method: init.method ?? 'GET', url });
      return new Response(fixture(name), { status, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch,
  });
  return { opp, calls };
}

describe('OppClient against recorded OPP responses', () => {
  it('reads a created consumer merchant (Plugify, sandbox 2019: 200 on create, verified at level 100)', async () => {
    const { opp } = replay('plugify-create-consumer-merchant.json');
    const merchant = await opp.createMerchant(
      { type: 'consumer', country: 'nld', emailaddress: 'k@example.test', notify_url: 'https://n' },
      'merchant-1',
    );
    expect(merchant).toEqual({
      uid: 'mer_8a3f13b898e3',
      livemode: false,
      created: 1552403094,
      updated: 1552403094,
      status: 'pending',
      type: 'consumer',
      name: 'Kymani Marley',
      // The recorded merchant carries no e-mail address, return URL or metadata.
      emailaddress: null,
      phone: '321321321',
      country: 'nld',
      cocNr: null,
      vatNr: null,
      compliance: { level: 100, status: 'verified', overviewUrl: null, requirements: [] },
      notifyUrl: 'https://dev.plugify.nl/merchant_notify',
      returnUrl: null,
      metadata: {},
    });
  });

  it('reads a created business merchant with its requirements and deep links (Plugify)', async () => {
    const { opp } = replay('plugify-create-business-merchant.json');
    const merchant = await opp.createMerchant(
      {
        type: 'business',
        country: 'nld',
        emailaddress: 'b@example.test',
        coc_nr: '123123123',
        notify_url: 'https://n',
      },
      'merchant-2',
    );
    expect(merchant).toMatchObject({ uid: 'mer_a8c39a0a3710', type: 'business', cocNr: '123123123', name: null });
    expect(merchant.compliance).toEqual({
      level: 400,
      status: 'unverified',
      overviewUrl: null,
      requirements: [
        {
          type: 'bank_account.required',
          status: 'unverified',
          objectType: 'bank_account',
          objectUid: null,
          objectUrl: 'https://api-sandbox.onlinebetaalplatform.nl/v1/merchants/mer_a8c39a0a3710/bank_accounts',
          objectRedirectUrl: null,
        },
        {
          type: 'contact.verification.required',
          status: 'unverified',
          objectType: 'contact',
          objectUid: 'con_927e82d517fe',
          objectUrl:
            'https://api-sandbox.onlinebetaalplatform.nl/v1/merchants/mer_a8c39a0a3710/contacts/con_927e82d517fe',
          objectRedirectUrl:
            'https://sandbox.onlinebetaalplatform.nl/nl/plugify/merchants/mer_a8c39a0a3710/verificatie/contactgegevens/con_927e82d517fe/fcace855536d4e82b60280ae70f5b23ccf0ef3e0',
        },
      ],
    });
  });

  it('keeps and reports the legacy merchant type of a recorded read, and an empty CoC number (Plugify)', async () => {
    const unknown: string[] = [];
    const opp = new OppClient({
      baseUrl: 'https://api-sandbox.onlinebetaalplatform.nl/v1',
      apiKey: 'key',
      fetch: (async () => new Response(fixture('plugify-get-merchant.json'))) as unknown as typeof fetch,
      onUnknownValue: (field, value) => unknown.push(`${field}=${value}`),
    });
    const merchant = await opp.getMerchant('mer_09c609a961db');
    expect(merchant).toMatchObject({
      uid: 'mer_09c609a961db',
      status: 'live',
      type: 'open',
      cocNr: '',
      country: null,
      compliance: { level: 200, status: 'pending' },
    });
    expect(merchant.compliance.requirements[0]).toMatchObject({
      type: 'bank_account.verification.required',
      objectUid: 'bnk_2dc0825cea81',
    });
    // `open` is a type, not a status: nothing unknown in the status fields.
    expect(unknown).toEqual([]);
  });

  it('reads a list envelope of bank accounts, masked IBAN and all (Plugify)', async () => {
    const { opp, calls } = replay('plugify-list-bank-accounts.json');
    const list = await opp.listBankAccounts('mer_09c609a961db');
    expect(calls).toEqual([
      { method: 'GET', url: 'https://api-sandbox.onlinebetaalplatform.nl/v1/merchants/mer_09c609a961db/bank_accounts' },
    ]);
    expect(list).toMatchObject({ hasMore: false, totalItemCount: 2, currentPage: 1, lastPage: 1 });
    expect(list.data).toEqual([
      {
        uid: 'bnk_2dc0825cea81',
        created: 1552399299,
        updated: 1552400005,
        verified: null,
        verificationUrl:
          'https://sandbox.onlinebetaalplatform.nl/nl/plugify/merchants/mer_09c609a961db/verificatie/bankgegevens/bnk_2dc0825cea81/410bb2c420ea20f4c4520aa5f3603e4384aaab7d',
        status: 'pending',
        iban: 'NL53***********370',
        bic: 'INGBNL2A',
        isDefault: false,
      },
      expect.objectContaining({ uid: 'bnk_4f667c80db41', status: 'new', iban: null, bic: null, isDefault: true }),
    ]);
  });

  it('reads a transaction whose amount came as a string (advalley)', async () => {
    const { opp } = replay('advalley-transaction.json');
    // What was asked does not matter here: the recorded answer is what it is.
    const tx = await opp.createTransaction({} as never, 'tip-1');
    expect(tx).toEqual({
      uid: 'tra_123456',
      livemode: true,
      created: 1554113700,
      updated: 1554200096,
      completed: null,
      merchantUid: '',
      status: 'created',
      amount: 12129,
      paymentMethod: 'ideal',
      redirectUrl: 'https://onlinebetaalplatform.nl/nl/betalen/?trx=tra_123456',
      // The recorded answer has no reference (the request carried none).
      reference: null,
      returnUrl: 'https://platform.example.com/return/',
      notifyUrl: 'https://platform.example.com/notify/',
      statuses: [{ uid: 'sta_123456', status: 'created', created: 1554113700 }],
      mandateUid: null,
      metadata: { external_id: '2015486' },
    });
  });

  it('finds a recorded transaction, which carries no reference, by its metadata in a recorded list envelope (advalley)', async () => {
    // The recorded list envelope (a refund list's: has_more, current_page, last_page) around the
    // recorded transaction: no `reference` in it, its metadata `external_id`.
    const envelope = JSON.parse(fixture('advalley-refund-list.json'));
    const list = JSON.stringify({
      ...envelope,
      url: '/v1/transactions',
      data: [JSON.parse(fixture('advalley-transaction.json'))],
    });
    const calls: string[] = [];
    const opp = new OppClient({
      baseUrl: 'https://api-sandbox.onlinebetaalplatform.nl/v1',
      apiKey: 'key',
      retry: { tries: 1 },
      fetch: (async (url: string) => {
        calls.push(url);
        return new Response(list, { status: 200, headers: { 'content-type': 'application/json' } });
      }) as unknown as typeof fetch,
    });
    const sentAfter = new Date(1554113700 * 1000);
    const found = await opp.findTransactions({ reference: 'tip-1', metadata: { external_id: '2015486' }, sentAfter });
    expect(found.map((tx) => ({ uid: tx.uid, reference: tx.reference }))).toEqual([
      { uid: 'tra_123456', reference: null },
    ]);
    // Another create's pairs: not on the hint's answer, and the walk's first page says it is the last.
    calls.length = 0;
    expect(await opp.findTransactions({ reference: 'tip-2', metadata: { external_id: '1' }, sentAfter })).toEqual([]);
    expect(calls).toEqual([
      'https://api-sandbox.onlinebetaalplatform.nl/v1/transactions?filter%5Breference%5D=tip-2&perpage=100',
      'https://api-sandbox.onlinebetaalplatform.nl/v1/transactions?order%5B%5D=-created&perpage=100&page=1',
    ]);
  });

  it('reads a created refund and a list of refunds (advalley)', async () => {
    const created = await replay('advalley-refund.json').opp.createRefund('tra_1', { amount: 6750 }, 'refund-1');
    expect(created).toEqual({
      uid: 'ref_123456',
      created: 1596204264,
      paid: null,
      amount: 6750,
      status: 'created',
      message: null,
      // Echoed: a refund whose answer was lost is recognised in the list by the description we sent.
      payoutDescription: 'Refund from Product A',
    });
    const { opp, calls } = replay('advalley-refund-list.json');
    const list = await opp.listRefunds('tra_f47ed2f5a079');
    expect(calls[0]!.url).toBe('https://api-sandbox.onlinebetaalplatform.nl/v1/transactions/tra_f47ed2f5a079/refunds');
    expect(list).toEqual({
      data: [
        {
          uid: 'ref_35f2eabb11df',
          created: 1616684819,
          paid: 1616685016,
          amount: 21500,
          status: 'completed',
          message: null,
          payoutDescription: null,
        },
      ],
      hasMore: false,
      totalItemCount: 1,
      currentPage: 1,
      lastPage: 1,
    });
  });

  it('reads merchants answered to a read, a termination and a migration (advalley)', async () => {
    const read = await replay('advalley-merchant.json').opp.getMerchant('mer_9c747fecac38');
    expect(read).toMatchObject({
      uid: 'mer_9c747fecac38',
      livemode: false,
      status: 'pending',
      returnUrl: 'https://platform.com/return',
      compliance: {
        level: 100,
        status: 'verified',
        overviewUrl: 'https://sandbox.onlinebetaalplatform.nl/nl/slug/mer_9c747fecac38/hash/overzicht',
        requirements: [],
      },
    });
    const terminated = await replay('advalley-merchant-terminated.json').opp.updateMerchant('mer_9c747fecac38', {
      status: 'terminated',
    });
    expect(terminated.status).toBe('terminated');
    const migrated = await replay('advalley-merchant-migrated.json').opp.migrateMerchant(
      'mer_9c747fecac38',
      { coc_nr: '987654321', country: 'nld' },
      'migrate-1',
    );
    expect(migrated).toMatchObject({ uid: 'mer_9c747fecac38', cocNr: '987654321' });
  });
});
