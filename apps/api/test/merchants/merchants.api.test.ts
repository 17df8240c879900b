import { awaitSimulatorDeliveries, simulateMerchantVerification, simulatorOf } from '@podpot/opp-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OppError } from '../../src/payments/opp-client.js';
import { insertJarToRegister } from '../support/merchant.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/** Registering a tip jar with the payment provider (backoffice 'Registratie'). Real HTTP + simulator. */
let t: TestApp;
let admin: TestUser;
let maker: TestUser;
let otherMaker: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'ADMIN' });
  maker = await t.createUser();
  otherMaker = await t.createUser();
  stranger = await t.createUser();
  await makeJar(otherMaker);
});
afterAll(() => t.close());

const makeJar = (owner: TestUser, values: Parameters<typeof insertJarToRegister>[2] = {}) =>
  insertJarToRegister(t, owner, values);

const person = { data: { firstName: 'Mark', lastName: 'de Maker', country: 'nld' } };

describe('POST /api/v1/tipjars/:id/oppmerchant', () => {
  it("answers 401 anonymously and 404 to strangers and other jars' admins", async () => {
    const jar = await makeJar(maker);
    expect((await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person })).status).toBe(401);
    expect(
      (await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: stranger.token })).status,
    ).toBe(404);
    expect(
      (await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: otherMaker.token })).status,
    ).toBe(404);
    expect((await t.api('GET', `/tipjars/${jar.id}/oppmerchant`, { token: stranger.token })).status).toBe(404);
  });

  it('registers a consumer merchant with a bank account to verify, and the tip jar shows its state', async () => {
    const jar = await makeJar(maker);
    const res = await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: maker.token });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      merchantUid: expect.stringMatching(/^mer_/),
      type: 'consumer',
      merchantStatus: expect.any(String),
      complianceStatus: expect.any(String),
      bankAccount: { status: expect.any(String) },
      registrationComplete: false,
    });
    const jarRes = await t.api('GET', `/tipjars/${jar.id}`, { token: maker.token });
    expect(jarRes.body.oppMerchant).toEqual({
      complianceStatus: res.body.complianceStatus,
      merchantStatus: res.body.merchantStatus,
      complianceLevel: res.body.complianceLevel,
      bankAccountStatus: res.body.bankAccount.status,
      registrationComplete: false,
    });
    const read = await t.api('GET', `/tipjars/${jar.id}/oppmerchant`, { token: maker.token });
    expect(read.status).toBe(200);
    expect(read.body.merchantUid).toBe(res.body.merchantUid);
    // The platform admin sees it too.
    expect((await t.api('GET', `/tipjars/${jar.id}/oppmerchant`, { token: admin.token })).status).toBe(200);
  });

  it('refuses a second registration for the same tip jar', async () => {
    const jar = await makeJar(maker);
    expect((await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: maker.token })).status).toBe(
      201,
    );
    const again = await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: maker.token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
  });

  it('registers a business tip jar as a business merchant, and needs its company name and CoC number', async () => {
    const withoutCoc = await makeJar(maker, { type: 'BUSINESS', companyName: 'Pod BV' });
    const refused = await t.api('POST', `/tipjars/${withoutCoc.id}/oppmerchant`, { body: person, token: maker.token });
    expect(refused.status).toBe(400);
    expect(refused.body.fields['data.cocNumber'].key).toBe('required');
    expect(refused.body.message).toBe('A business needs its company name and CoC number first');
    // The reason in the asker's language (the web shows it as the page's error).
    const dutch = await t.api('POST', `/tipjars/${withoutCoc.id}/oppmerchant`, {
      body: person,
      token: maker.token,
      headers: { 'accept-language': 'nl' },
    });
    expect(dutch.status).toBe(400);
    expect(dutch.body.message).toBe('Een bedrijf heeft eerst een bedrijfsnaam en KvK-nummer nodig');
    const withoutName = await makeJar(maker, { type: 'BUSINESS', cocNumber: '12345678' });
    const nameless = await t.api('POST', `/tipjars/${withoutName.id}/oppmerchant`, {
      body: person,
      token: maker.token,
    });
    expect(nameless.status).toBe(400);
    expect(nameless.body.fields['data.companyName'].key).toBe('required');
    expect(nameless.body.fields['data.cocNumber']).toBeUndefined();

    const business = await makeJar(maker, { type: 'BUSINESS', companyName: 'Pod BV', cocNumber: '12345678' });
    const res = await t.api('POST', `/tipjars/${business.id}/oppmerchant`, { body: person, token: maker.token });
    expect(res.status).toBe(201);
    expect(res.body.type).toBe('business');
    expect(res.body.complianceStatus).not.toBe('verified');
  });

  it('refuses bad input with field errors', async () => {
    const jar = await makeJar(maker);
    const res = await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, {
      body: { data: { firstName: '', lastName: 'X', country: 'deu' } },
      token: maker.token,
    });
    expect(res.status).toBe(400);
    expect(res.body.fields['data.firstName'].key).toBe('required');
    expect(res.body.fields['data.country'].key).toBe('choice');
  });

  it('answers 404 for a tip jar without a merchant', async () => {
    const jar = await makeJar(maker);
    expect((await t.api('GET', `/tipjars/${jar.id}/oppmerchant`, { token: maker.token })).status).toBe(404);
  });
});

describe('connect, migrate and disconnect', () => {
  it('lets only platform admins connect an existing merchant, once', async () => {
    const source = await makeJar(maker);
    const created = await t.api('POST', `/tipjars/${source.id}/oppmerchant`, { body: person, token: maker.token });
    const uid = created.body.merchantUid;
    const target = await makeJar(maker);

    const byMaker = await t.api('POST', `/tipjars/${target.id}/oppmerchant/connect`, {
      body: { merchantUid: uid },
      token: maker.token,
    });
    expect(byMaker.status).toBe(403);
    const byStranger = await t.api('POST', `/tipjars/${target.id}/oppmerchant/connect`, {
      body: { merchantUid: uid },
      token: stranger.token,
    });
    expect(byStranger.status).toBe(404);

    // The merchant already belongs to another tip jar.
    const taken = await t.api('POST', `/tipjars/${target.id}/oppmerchant/connect`, {
      body: { merchantUid: uid },
      token: admin.token,
    });
    expect(taken.status).toBe(409);

    // After disconnecting it from the first tip jar it can move.
    expect(
      (await t.api('POST', `/tipjars/${source.id}/oppmerchant/disconnect`, { body: {}, token: maker.token })).status,
    ).toBe(403);
    expect(
      (await t.api('POST', `/tipjars/${source.id}/oppmerchant/disconnect`, { body: {}, token: admin.token })).status,
    ).toBe(204);
    expect((await t.api('GET', `/tipjars/${source.id}/oppmerchant`, { token: maker.token })).status).toBe(404);
    const moved = await t.api('POST', `/tipjars/${target.id}/oppmerchant/connect`, {
      body: { merchantUid: uid },
      token: admin.token,
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.merchantUid).toBe(uid);
  });

  it('refuses an unknown or malformed merchant uid', async () => {
    const jar = await makeJar(maker);
    const unknown = await t.api('POST', `/tipjars/${jar.id}/oppmerchant/connect`, {
      body: { merchantUid: 'mer_doesnotexist' },
      token: admin.token,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.fields.merchantUid).toBeTruthy();
    const malformed = await t.api('POST', `/tipjars/${jar.id}/oppmerchant/connect`, {
      body: { merchantUid: 'x' },
      token: admin.token,
    });
    expect(malformed.status).toBe(400);
  });

  // The recorded migrate answer still says `consumer` (the change shows on a later read); the other
  // answer is the business merchant at once. Either way the tip jar's merchant is a business.
  for (const answer of ['consumer', 'business'] as const) {
    it(`migrates a consumer merchant to a business merchant with the same uid, once (answered ${answer})`, async () => {
      const sim = simulatorOf(t.ctx);
      const before = sim.modes.migrateAnswer;
      sim.modes.migrateAnswer = answer;
      try {
        const jar = await makeJar(maker);
        const created = await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: maker.token });
        const migrate = (cocNumber: string) =>
          t.api('POST', `/tipjars/${jar.id}/oppmerchant/migrate`, {
            body: { data: { cocNumber, country: 'nld' } },
            token: maker.token,
          });
        const migrated = await migrate('87654321');
        expect(migrated.status, migrated.text).toBe(200);
        expect(migrated.body).toMatchObject({
          merchantUid: created.body.merchantUid,
          type: 'business',
          complianceStatus: 'unverified',
          complianceLevel: 400,
          registrationComplete: false,
        });
        // Its contact to verify, with the provider's link.
        expect(migrated.body.requirements).toContainEqual({
          type: 'contact.verification.required',
          status: 'unverified',
          redirectUrl: expect.stringContaining(`/sim/verify/${created.body.merchantUid}`),
        });
        const read = await t.api('GET', `/tipjars/${jar.id}/oppmerchant`, { token: maker.token });
        expect(read.body.type).toBe('business');
        expect((await migrate('87654321')).status).toBe(409);
        expect((await migrate('123')).status).toBe(400);
      } finally {
        sim.modes.migrateAnswer = before;
      }
    });
  }
});

describe('verification at the provider', () => {
  it('shows a refused bank account', async () => {
    const jar = await makeJar(maker);
    const created = await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: maker.token });
    await simulateMerchantVerification(t.ctx, created.body.merchantUid, 'disapprove');
    await awaitSimulatorDeliveries(t.ctx);
    const read = await t.api('GET', `/tipjars/${jar.id}/oppmerchant`, { token: maker.token });
    expect(read.body.registrationComplete).toBe(false);
    expect(read.body.bankAccount.status).toBe('disapproved');
  });

  it('serves the verification page and returns the maker to the backoffice', async () => {
    const jar = await makeJar(maker);
    const created = await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: maker.token });
    const page = await fetch(`${t.baseUrl}/sim/verify/${created.body.merchantUid}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Approve');
    const done = await fetch(`${t.baseUrl}/sim/verify/${created.body.merchantUid}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=approve',
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${t.baseUrl}/backoffice/${jar.slug}/registration`);
  });

  it('returns a Dutch maker to the Dutch registration page', async () => {
    const dutchMaker = await t.createUser({ locale: 'nl' });
    const jar = await makeJar(dutchMaker);
    const created = await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: dutchMaker.token });
    const done = await fetch(`${t.baseUrl}/sim/verify/${created.body.merchantUid}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=approve',
      redirect: 'manual',
    });
    expect(done.headers.get('location')).toBe(`${t.baseUrl}/nl/backoffice/${jar.slug}/registration`);
  });
});

describe('tips after registration', () => {
  it('pays a tip to the merchant the maker registered', async () => {
    const admin2 = admin;
    const method = await t.api('POST', '/paymentmethods', {
      token: admin2.token,
      body: { data: { name: 'iDEAL', type: 'ideal' } },
    });
    const jar = await makeJar(maker);
    const created = await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: maker.token });
    const tip = await t.api('POST', `/tipjars/${jar.id}/tips`, {
      body: {
        data: {
          amount: 500,
          displayName: 'Lotte',
          email: 'lotte@example.test',
          payment: { paymentmethod: method.body.id, paymentissuer: '' },
        },
      },
    });
    expect(tip.status, tip.text).toBe(201);
    const uid = tip.body.oppTransaction.redirectUrl.split('/').pop();
    const transaction = await t.ctx.opp.getTransaction(uid);
    expect(transaction.merchantUid).toBe(created.body.merchantUid);
  });
});

/**
 * The provider allows one merchant per e-mail address and may ignore a repeated Idempotency-Key
 * (docs/provider.md §12). These tests make the client behave like such a provider: every create gets a
 * fresh key, as if the provider had never seen the first.
 */
function providerIgnoresIdempotencyKeys(): () => void {
  const original = t.ctx.opp.createMerchant.bind(t.ctx.opp);
  let n = 0;
  t.ctx.opp.createMerchant = (input, key) => original(input, `${key}-unseen-${++n}-${Date.now()}`);
  return () => {
    t.ctx.opp.createMerchant = original;
  };
}

describe('one merchant per e-mail address (decision 011)', () => {
  it("asks for another address for a maker's second tip jar with the same e-mail, and registers with it", async () => {
    const shared = `shared-${Date.now()}@example.test`;
    const first = await makeJar(maker, { contactEmail: shared });
    const second = await makeJar(maker, { contactEmail: shared });
    const one = await t.api('POST', `/tipjars/${first.id}/oppmerchant`, { body: person, token: maker.token });
    expect(one.status, one.text).toBe(201);

    const refused = await t.api('POST', `/tipjars/${second.id}/oppmerchant`, { body: person, token: maker.token });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'EMAIL_TAKEN',
      fields: { 'data.email': { key: 'merchantEmailTaken' } },
    });
    // Nothing was linked: the other tip jar's merchant is not shared.
    expect((await t.api('GET', `/tipjars/${second.id}/oppmerchant`, { token: maker.token })).status).toBe(404);

    const other = await t.api('POST', `/tipjars/${second.id}/oppmerchant`, {
      body: { data: { ...person.data, email: `Second-${shared}` } },
      token: maker.token,
    });
    expect(other.status, other.text).toBe(201);
    expect(other.body.merchantUid).not.toBe(one.body.merchantUid);
    const [registered] = await t.ctx.opp.findMerchantsByEmail(`second-${shared}`);
    expect(registered?.uid).toBe(other.body.merchantUid);
  });

  it("never adopts another maker's merchant with the same address", async () => {
    const address = `taken-${Date.now()}@example.test`;
    const mine = await makeJar(otherMaker, { contactEmail: address });
    expect(
      (await t.api('POST', `/tipjars/${mine.id}/oppmerchant`, { body: person, token: otherMaker.token })).status,
    ).toBe(201);
    const theirs = await makeJar(maker, { contactEmail: address });
    const refused = await t.api('POST', `/tipjars/${theirs.id}/oppmerchant`, { body: person, token: maker.token });
    expect(refused.status).toBe(409);
    expect(refused.body.fields['data.email'].key).toBe('merchantEmailTaken');
  });

  it('finishes a registration whose bank-account call failed with the merchant already made', async () => {
    const restore = providerIgnoresIdempotencyKeys();
    const original = t.ctx.opp.createBankAccount.bind(t.ctx.opp);
    t.ctx.opp.createBankAccount = async () => {
      throw new OppError(503, undefined, 'down');
    };
    try {
      const jar = await makeJar(maker);
      const failed = await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: maker.token });
      expect(failed.status).toBe(502);
      // The merchant was kept the moment the provider made it.
      const kept = await t.api('GET', `/tipjars/${jar.id}/oppmerchant`, { token: maker.token });
      expect(kept.status).toBe(200);
      expect(kept.body).toMatchObject({ bankAccount: null, registrationComplete: false });

      t.ctx.opp.createBankAccount = original;
      const retried = await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: maker.token });
      expect(retried.status, retried.text).toBe(201);
      expect(retried.body.merchantUid).toBe(kept.body.merchantUid);
      expect(retried.body.bankAccount).toMatchObject({ status: 'new', verificationUrl: expect.any(String) });
      expect(await t.ctx.opp.findMerchantsByEmail(jar.contactEmail)).toHaveLength(1);
    } finally {
      t.ctx.opp.createBankAccount = original;
      restore();
    }
  });

  it('adopts the merchant the provider made when its answer was lost', async () => {
    const restore = providerIgnoresIdempotencyKeys();
    const reaching = t.ctx.opp.createMerchant;
    // The provider makes the merchant, but our request times out before the answer arrives.
    t.ctx.opp.createMerchant = async (input, key) => {
      await reaching(input, key);
      throw new OppError(0, undefined, 'timeout');
    };
    try {
      const jar = await makeJar(maker);
      expect((await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: maker.token })).status).toBe(
        502,
      );
      t.ctx.opp.createMerchant = reaching;
      const retried = await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: maker.token });
      expect(retried.status, retried.text).toBe(201);
      const atProvider = await t.ctx.opp.findMerchantsByEmail(jar.contactEmail);
      expect(atProvider.map((m) => m.uid)).toEqual([retried.body.merchantUid]);
      expect(atProvider[0]!.metadata).toMatchObject({ tipjar_id: jar.id, user_id: maker.id });
    } finally {
      restore();
    }
  });

  it("adopts the maker's own unlinked merchant for a new tip jar with the same address", async () => {
    const address = `again-${Date.now()}@example.test`;
    const first = await makeJar(maker, { contactEmail: address });
    const created = await t.api('POST', `/tipjars/${first.id}/oppmerchant`, { body: person, token: maker.token });
    expect(
      (await t.api('POST', `/tipjars/${first.id}/oppmerchant/disconnect`, { body: {}, token: admin.token })).status,
    ).toBe(204);
    const next = await makeJar(maker, { contactEmail: address });
    const adopted = await t.api('POST', `/tipjars/${next.id}/oppmerchant`, { body: person, token: maker.token });
    expect(adopted.status, adopted.text).toBe(201);
    expect(adopted.body.merchantUid).toBe(created.body.merchantUid);
    // Its bank account is the one it had, not a second one.
    const accounts = await t.ctx.opp.listBankAccounts(created.body.merchantUid);
    expect(accounts.data).toHaveLength(1);
  });
});

describe("the provider's field messages (error.parameters)", () => {
  /** The provider refuses every merchant create with this documented error body. */
  async function refusedWith(parameters: Record<string, unknown>, run: () => Promise<void>) {
    const original = t.ctx.opp.createMerchant.bind(t.ctx.opp);
    t.ctx.opp.createMerchant = async () => {
      const body = { error: { code: 400, message: 'Invalid parameters', parameters } };
      throw new OppError(400, body, 'OPP POST /merchants failed (400): Invalid parameters');
    };
    try {
      await run();
    } finally {
      t.ctx.opp.createMerchant = original;
    }
  }

  it("answers 400 with the fields the maker can correct, in the provider's words", async () => {
    const jar = await makeJar(maker);
    await refusedWith(
      { name_last: ['The name_last may not contain digits.'], name_first: 'The name_first is too long' },
      async () => {
        const res = await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: maker.token });
        expect(res.status, res.text).toBe(400);
        expect(res.body).toMatchObject({
          code: 'VALIDATION',
          fields: {
            'data.lastName': { key: 'providerRejected', params: { message: 'The name_last may not contain digits.' } },
            'data.firstName': { key: 'providerRejected', params: { message: 'The name_first is too long' } },
          },
        });
      },
    );
    expect((await t.api('GET', `/tipjars/${jar.id}/oppmerchant`, { token: maker.token })).status).toBe(404);
  });

  it("stays a provider failure (502) when a refused field is ours to send, not the maker's", async () => {
    const jar = await makeJar(maker);
    await refusedWith({ notify_url: ['The notify_url must be a valid URL.'], name_last: ['x'] }, async () => {
      const res = await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: maker.token });
      expect(res.status, res.text).toBe(502);
      expect(res.body.code).toBe('PAYMENT_PROVIDER');
    });
  });
});

describe('what the provider is sent for a new merchant', () => {
  function recordCreates() {
    const sent: Parameters<typeof t.ctx.opp.createMerchant>[0][] = [];
    const original = t.ctx.opp.createMerchant.bind(t.ctx.opp);
    t.ctx.opp.createMerchant = (input, key) => {
      sent.push(input);
      return original(input, key);
    };
    return {
      sent,
      restore: () => {
        t.ctx.opp.createMerchant = original;
      },
    };
  }

  it("the maker's locale (Dutch verification screens), and no phone field when there is no phone", async () => {
    const dutchMaker = await t.createUser({ locale: 'nl' });
    const jar = await makeJar(dutchMaker, { contactPhone: null });
    const { sent, restore } = recordCreates();
    try {
      const res = await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: dutchMaker.token });
      expect(res.status, res.text).toBe(201);
    } finally {
      restore();
    }
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      type: 'consumer',
      locale: 'nl',
      emailaddress: jar.contactEmail,
      name_first: 'Mark',
      name_last: 'de Maker',
    });
    expect(sent[0]).not.toHaveProperty('phone');
  });

  it('a business: its legal name, CoC and VAT number and trading name, and the phone without +', async () => {
    const jar = await makeJar(maker, {
      type: 'BUSINESS',
      companyName: 'Pod Producties B.V.',
      cocNumber: '87654321',
      vatNumber: 'NL123456789B01',
    });
    const { sent, restore } = recordCreates();
    try {
      expect((await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: maker.token })).status).toBe(
        201,
      );
    } finally {
      restore();
    }
    expect(sent[0]).toMatchObject({
      type: 'business',
      locale: 'en',
      phone: '31612345678',
      legal_name: 'Pod Producties B.V.',
      coc_nr: '87654321',
      vat_nr: 'NL123456789B01',
      trading_names: [{ name: jar.name }],
    });
    expect(sent[0]).not.toHaveProperty('name_first');
  });
});
