import {
  awaitSimulatorDeliveries,
  type SimIdempotencyMode,
  type SimProviderModes,
  simulateBankAccountStatus,
  simulatorOf,
} from '@podpot/opp-simulator';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CreateMerchantInput, OppError } from '../../src/payments/opp-client.js';
import { insertJarToRegister } from '../support/merchant.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/**
 * Merchants as the provider's recorded answers have them (issue 36): no `emailaddress` on a merchant,
 * a bank account `pending` while it is checked, and the requirements of a business as recorded (a
 * migrate answered with `type` still `consumer`: merchants.api.test.ts). Real HTTP + simulator.
 */
let t: TestApp;
let maker: TestUser;
let otherMaker: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  maker = await t.createUser();
  otherMaker = await t.createUser();
});
afterAll(() => t.close());

const sim = () => simulatorOf(t.ctx);
let modes: SimProviderModes;
let idempotencyMode: SimIdempotencyMode;
beforeAll(() => {
  modes = { ...sim().modes };
  idempotencyMode = sim().idempotencyMode;
});
afterEach(() => {
  vi.restoreAllMocks();
  sim().modes = { ...modes };
  sim().idempotencyMode = idempotencyMode;
});

const makeJar = (owner: TestUser, values: Parameters<typeof insertJarToRegister>[2] = {}) =>
  insertJarToRegister(t, owner, values);

const person = { data: { firstName: 'Mark', lastName: 'de Maker', country: 'nld' } };
const register = (jarId: string, owner: TestUser, data: Record<string, unknown> = {}) =>
  t.api('POST', `/tipjars/${jarId}/oppmerchant`, { body: { data: { ...person.data, ...data } }, token: owner.token });

/** The provider makes the next merchant we ask for, but its answer never reaches us (the connection drops). */
function loseNextMerchantAnswer() {
  const realFetch = globalThis.fetch;
  let lost = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const res = await realFetch(input, init);
    if (lost === 0 && init?.method === 'POST' && url.pathname.endsWith('/sim/opp/v1/merchants')) {
      lost += 1;
      await res.body?.cancel();
      throw new TypeError('fetch failed: the connection was reset');
    }
    return res;
  });
}

describe('a merchant answer without its e-mail address', () => {
  it('the provider answers merchants without `emailaddress` in the pessimistic mode, with it in the optimistic one', async () => {
    const jar = await makeJar(maker);
    sim().modes.merchantEmail = 'omitted';
    const created = await register(jar.id, maker);
    expect(created.status, created.text).toBe(201);
    expect((await t.ctx.opp.getMerchant(created.body.merchantUid)).emailaddress).toBeNull();
    sim().modes.merchantEmail = 'echoed';
    expect((await t.ctx.opp.getMerchant(created.body.merchantUid)).emailaddress).toBe(jar.contactEmail);
  });

  for (const mode of ['replay', 'ignore', 'reject'] as const) {
    it(`adopts the merchant made for this tip jar when the create's answer was lost (Idempotency-Key ${mode})`, async () => {
      sim().modes.merchantEmail = 'omitted';
      sim().idempotencyMode = mode;
      const jar = await makeJar(maker);
      loseNextMerchantAnswer();
      const res = await register(jar.id, maker);
      expect(res.status, res.text).toBe(201);
      vi.restoreAllMocks();
      // One merchant at the provider for the address: the one made first, now this tip jar's.
      const atProvider = await t.ctx.opp.findMerchantsByEmail(jar.contactEmail);
      expect(atProvider.map((m) => m.uid)).toEqual([res.body.merchantUid]);
      expect(atProvider[0]!.metadata).toMatchObject({ tipjar_id: jar.id, user_id: maker.id });
      expect(res.body.bankAccount).toMatchObject({ status: 'new' });
    });
  }

  it('never adopts a merchant with the same address whose metadata names another tip jar and maker', async () => {
    sim().modes.merchantEmail = 'omitted';
    const theirs = await makeJar(otherMaker);
    const address = `shared-answers-${Date.now()}@example.test`;
    // Made at the provider for their tip jar, never linked here (an answer lost on their side).
    const request: CreateMerchantInput = {
      type: 'consumer',
      country: 'nld',
      emailaddress: address,
      notify_url: 'http://127.0.0.1:9/notify',
      name_first: 'Other',
      name_last: 'Maker',
      metadata: { tipjar_id: theirs.id, user_id: otherMaker.id },
    };
    const made = await t.ctx.opp.createMerchant(request, `theirs-${theirs.id}`);
    const mine = await makeJar(maker, { contactEmail: address });
    const refused = await register(mine.id, maker);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.fields['data.email'].key).toBe('merchantEmailTaken');
    // Theirs stays theirs: they adopt it themselves.
    const adopted = await register(theirs.id, otherMaker, { email: address });
    expect(adopted.status, adopted.text).toBe(201);
    expect(adopted.body.merchantUid).toBe(made.uid);
  });

  it("marks the maker's own unlinked merchant as the new tip jar's when it adopts it", async () => {
    sim().modes.merchantEmail = 'omitted';
    const admin = await t.createUser({ role: 'ADMIN' });
    const address = `again-answers-${Date.now()}@example.test`;
    const first = await makeJar(maker, { contactEmail: address });
    const created = await register(first.id, maker);
    expect(created.status, created.text).toBe(201);
    const unlinked = await t.api('POST', `/tipjars/${first.id}/oppmerchant/disconnect`, {
      body: {},
      token: admin.token,
    });
    expect(unlinked.status).toBe(204);
    const next = await makeJar(maker, { contactEmail: address });
    const adopted = await register(next.id, maker);
    expect(adopted.status, adopted.text).toBe(201);
    expect(adopted.body.merchantUid).toBe(created.body.merchantUid);
    // What we sent now names the tip jar it belongs to, so a later lost answer is matched to it. The
    // update is best effort (the adoption stands when the provider refuses it, e.g. in the fault run).
    const metadata = (await t.ctx.opp.getMerchant(created.body.merchantUid)).metadata;
    if (!sim().faults) expect(metadata).toMatchObject({ tipjar_id: next.id, user_id: maker.id });
    expect([first.id, next.id]).toContain(metadata.tipjar_id);
  });

  it('keeps the adoption when marking the merchant with its new tip jar fails', async () => {
    sim().modes.merchantEmail = 'omitted';
    const admin = await t.createUser({ role: 'ADMIN' });
    const first = await makeJar(maker);
    const created = await register(first.id, maker);
    await t.api('POST', `/tipjars/${first.id}/oppmerchant/disconnect`, { body: {}, token: admin.token });
    vi.spyOn(t.ctx.opp, 'updateMerchant').mockRejectedValue(new OppError(503, undefined, 'down'));
    const next = await makeJar(maker, { contactEmail: first.contactEmail });
    const adopted = await register(next.id, maker);
    expect(adopted.status, adopted.text).toBe(201);
    expect(adopted.body.merchantUid).toBe(created.body.merchantUid);
  });
});

describe('what the maker is shown of the provider’s checks', () => {
  it('a bank account the provider is checking is `pending` and the registration is not complete', async () => {
    const jar = await makeJar(maker);
    const created = await register(jar.id, maker);
    await simulateBankAccountStatus(t.ctx, created.body.merchantUid, 'pending');
    await awaitSimulatorDeliveries(t.ctx);
    const read = await t.api('GET', `/tipjars/${jar.id}/oppmerchant`, { token: maker.token });
    expect(read.body).toMatchObject({
      bankAccount: { status: 'pending', verificationUrl: expect.any(String) },
      registrationComplete: false,
    });
    const summary = await t.api('GET', `/tipjars/${jar.id}`, { token: maker.token });
    expect(summary.body.oppMerchant).toMatchObject({ bankAccountStatus: 'pending', registrationComplete: false });
  });

  it('a business lists the recorded requirements: a bank account to add, then to confirm, and its contact to verify', async () => {
    const jar = await makeJar(maker, { type: 'BUSINESS', companyName: 'Pod BV', cocNumber: '12345678' });
    const created = await register(jar.id, maker);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ complianceStatus: 'unverified', complianceLevel: 400 });
    expect(created.body.requirements).toEqual([
      {
        type: 'bank_account.verification.required',
        status: 'pending',
        redirectUrl: expect.stringContaining('/sim/verify/'),
      },
      {
        type: 'contact.verification.required',
        status: 'unverified',
        redirectUrl: expect.stringContaining('/sim/verify/'),
      },
    ]);
  });

  it("a Belgian maker's provider pages are in the language of the page they registered from, never a guessed French", async () => {
    const sent: CreateMerchantInput[] = [];
    const original = t.ctx.opp.createMerchant.bind(t.ctx.opp);
    vi.spyOn(t.ctx.opp, 'createMerchant').mockImplementation((input, key) => {
      sent.push(input);
      return original(input, key);
    });
    for (const locale of ['en', 'nl'] as const) {
      const jar = await makeJar(maker);
      expect((await register(jar.id, maker, { country: 'bel', locale })).status).toBe(201);
    }
    expect(sent.map((s) => [s.country, s.locale])).toEqual([
      ['bel', 'en'],
      ['bel', 'nl'],
    ]);
  });
});
