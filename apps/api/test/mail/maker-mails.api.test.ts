import { createHmac } from 'node:crypto';
import { formatCents } from '@podpot/domain';
import { awaitSimulatorDeliveries, simulateMerchantVerification, simulatePayment } from '@podpot/opp-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPageTexts } from '../invoices/pdf-text.js';
import { attachmentOf, type OutboxMail } from '../support/eml.js';
import { insertJarToRegister, registerMerchant } from '../support/merchant.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/**
 * The mails of a maker's way in and of monthly tips (issue 39), over real HTTP against the simulator:
 * the order's receipt with its invoice and the welcome, the verified bank account, a new monthly
 * supporter, a cancelled monthly tip — each once, in the recipient's language, also when the provider
 * says it again. Both databases (TEST_DB=pg for PostgreSQL).
 */
let t: TestApp;
let admin: TestUser;
let ideal: string;
let counter = 0;

beforeAll(async () => {
  // The provider makes a consumer merchant live by itself after a while: soon, here.
  t = await createTestApp({ SIM_MERCHANT_LIVE_DELAY_MS: 100 });
  admin = await t.createUser({ role: 'ADMIN' });
  const res = await t.api('POST', '/paymentmethods', {
    token: admin.token,
    body: { data: { name: 'iDEAL', type: 'ideal', priority: 10 } },
  });
  ideal = res.body.id;
});
afterAll(() => t.close());

const uidOf = (redirectUrl: string) => redirectUrl.split('/').pop()!;
/** An amount as a Dutch mail writes it (€ and a no-break space). */
const nl = (cents: number) => formatCents(cents, 'nl');

/** Waits until the registration of a tip jar is complete (verified, live, bank account approved). */
async function untilComplete(tipjarId: string, token: string) {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    await awaitSimulatorDeliveries(t.ctx);
    const res = await t.api('GET', `/tipjars/${tipjarId}/oppmerchant`, { token });
    if (res.body.registrationComplete) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the registration did not complete');
}

/** A notification from the provider that `objectUid` changed, as a fresh message (its own uid). */
async function notify(objectType: 'transaction' | 'merchant', objectUid: string) {
  counter += 1;
  const uid = `not_again_${counter}_${Date.now().toString(36)}`;
  const res = await t.api('POST', '/payments/opp/notify', {
    body: {
      uid,
      type: `${objectType}.status.changed`,
      created: Math.floor(Date.now() / 1000),
      object_uid: objectUid,
      object_type: objectType,
      object_url: `${t.ctx.opp.baseUrl}/${objectType}s/${objectUid}`,
      verification_hash: createHmac('sha256', t.ctx.config.OPP_NOTIFY_SECRET).update(uid).digest('hex'),
    },
  });
  expect(res.status, res.text).toBe(200);
  await awaitSimulatorDeliveries(t.ctx);
}

async function mailsTo(email: string): Promise<OutboxMail[]> {
  return (await t.outbox()).filter((m) => m.to.includes(email));
}

/** A maker orders a Podpot in `locale` and pays it on the simulator's checkout. */
async function orderAndPay(maker: TestUser, locale: 'en' | 'nl') {
  counter += 1;
  const res = await t.api('POST', '/tipjars', {
    token: maker.token,
    body: {
      data: {
        name: `De Mailpod ${counter}`,
        slug: `mail-pod-${counter}-${Date.now().toString(36)}`,
        type: 'CONSUMER',
        email: 'contact@example.test',
        phoneNumber: '06 12345678',
        payment: { paymentmethod: ideal, paymentissuer: '' },
        locale,
      },
    },
  });
  expect(res.status, res.text).toBe(201);
  const uid = uidOf(res.body.oppTransaction.redirectUrl);
  await simulatePayment(t.ctx, uid, 'completed');
  await awaitSimulatorDeliveries(t.ctx);
  return { tipjar: res.body.tipjar as { id: string; slug: string; name: string }, uid };
}

describe('a paid Podpot order', () => {
  it('mails the buyer one receipt in Dutch with the amount incl. VAT, the VAT, the invoice number and the invoice PDF; a repeated notification sends nothing', async () => {
    const maker = await t.createUser({ locale: 'en' });
    const { tipjar, uid } = await orderAndPay(maker, 'nl');

    const invoices = await t.api('GET', `/tipjars/${tipjar.id}/invoices`, { token: maker.token });
    expect(invoices.status, invoices.text).toBe(200);
    expect(invoices.body.data).toHaveLength(1);
    const invoice = invoices.body.data[0];
    // €15.00 incl. VAT: €12.40 + 21 % VAT €2.60, in the one yearly series, already paid.
    expect(invoice).toMatchObject({ status: 'paid', period: null, totalInclVat: 1500, totalExVat: 1240, vat: 260 });
    expect(invoice.number).toMatch(/^\d{4}-\d{4}$/);
    expect(invoice.lines[0].text).toEqual({ key: 'order', product: 'Podpot', tipjar: tipjar.name });

    const receipts = (await mailsTo(maker.email)).filter((m) => m.subject.includes(invoice.number));
    expect(receipts).toHaveLength(1);
    const receipt = receipts[0]!;
    expect(receipt.subject).toBe(
      `Je bestelling van een Podpot voor ${tipjar.name}: betaalbewijs en factuur ${invoice.number}`,
    );
    expect(receipt.text).toContain(`Totaal inclusief btw: ${nl(1500)}`);
    expect(receipt.text).toContain(`Exclusief btw: ${nl(1240)}`);
    expect(receipt.text).toContain(`Btw 21%: ${nl(260)}`);
    expect(receipt.text).toContain(`Factuurnummer: ${invoice.number}`);
    expect(receipt.text).toContain(`/nl/backoffice/${tipjar.slug}/invoices`);

    const pdf = attachmentOf(receipt.raw, 'application/pdf');
    expect(pdf?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdfText = pdfPageTexts(pdf!).join('\n');
    expect(pdfText).toContain(invoice.number);
    expect(pdfText).toContain(`Podpot voor ${tipjar.name}`);
    expect(pdfText).toContain(nl(1500));

    // The same PDF is the maker's to download from the backoffice invoices.
    const download = await fetch(`${t.baseUrl}/api/v1/tipjars/${tipjar.id}/invoices/${invoice.id}/download`, {
      headers: { authorization: `Bearer ${maker.token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/application\/pdf/);

    const before = (await t.outbox()).length;
    await notify('transaction', uid);
    expect((await t.outbox()).length).toBe(before);
    const again = await t.api('GET', `/tipjars/${tipjar.id}/invoices`, { token: maker.token });
    expect(again.body.data).toHaveLength(1);
  });

  it('mails an English buyer one welcome with the next steps, and the English receipt', async () => {
    const maker = await t.createUser({ locale: 'nl' });
    const { tipjar } = await orderAndPay(maker, 'en');
    const mails = await mailsTo(maker.email);
    const welcome = mails.filter((m) => m.subject === `Welcome to Podpot: the next steps for ${tipjar.name}`);
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.text).toContain(
      `Whoop whoop, your own Podpot! ${tipjar.name} is live at ${t.baseUrl}/${tipjar.slug}`,
    );
    expect(welcome[0]!.text).toContain(
      `Register your bank account, so your tips can be paid out to you: ${t.baseUrl}/backoffice/${tipjar.slug}/registration`,
    );
    expect(welcome[0]!.text).toContain(`${t.baseUrl}/backoffice/${tipjar.slug}/share`);
    const receipt = mails.filter((m) => m.subject.startsWith(`Your order of a Podpot for ${tipjar.name}`));
    expect(receipt).toHaveLength(1);
    expect(receipt[0]!.text).toContain('Total including VAT: €15.00');
    expect(receipt[0]!.text).toContain('VAT 21%: €2.60');
  });

  it('numbers the order invoices in the one yearly series, one after the other', async () => {
    const a = await orderAndPay(await t.createUser(), 'en');
    const b = await orderAndPay(await t.createUser(), 'en');
    const list = await t.api('GET', '/invoices?sortBy=number&sortDesc=true&limit=5', { token: admin.token });
    const numberOf = (id: string) => list.body.data.find((i: { tipjarId: string }) => i.tipjarId === id).number;
    const [year, seqA] = numberOf(a.tipjar.id).split('-').map(Number);
    const [, seqB] = numberOf(b.tipjar.id).split('-').map(Number);
    expect(year).toBe(new Date().getUTCFullYear());
    expect(seqB).toBe(seqA + 1);
  });
});

describe('a verified bank account', () => {
  it('mails each admin once that payouts can be made, in their language; a repeated notification sends nothing', async () => {
    const maker = await t.createUser({ locale: 'nl' });
    const jar = await insertJarToRegister(t, maker);
    const merchantUid = await registerMerchant(t, jar.id, maker.token);
    const ready = (mails: OutboxMail[]) => mails.filter((m) => /geverifieerd|verified/i.test(m.subject));
    expect(ready(await mailsTo(maker.email))).toHaveLength(0);

    await simulateMerchantVerification(t.ctx, merchantUid, 'approve');
    await untilComplete(jar.id, maker.token);
    const mails = ready(await mailsTo(maker.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Je bankrekening is geverifieerd: ${jar.name} kan uitbetalingen ontvangen - Podpot`);
    expect(mails[0]!.text).toContain(`/nl/backoffice/${jar.slug}/settlements`);

    await notify('merchant', merchantUid);
    expect(ready(await mailsTo(maker.email))).toHaveLength(1);
  });

  it('sends nothing while the bank account is refused', async () => {
    const maker = await t.createUser();
    const jar = await insertJarToRegister(t, maker);
    const merchantUid = await registerMerchant(t, jar.id, maker.token);
    await simulateMerchantVerification(t.ctx, merchantUid, 'disapprove');
    await awaitSimulatorDeliveries(t.ctx);
    expect((await mailsTo(maker.email)).filter((m) => /verified/i.test(m.subject))).toHaveLength(0);
  });
});

describe('monthly tips', () => {
  async function liveJar(maker: TestUser) {
    const jar = await insertJarToRegister(t, maker);
    await registerMerchant(t, jar.id, maker.token);
    return jar;
  }

  async function startMonthly(jarId: string, tipper: TestUser, extra: Record<string, unknown> = {}) {
    const res = await t.api('POST', `/tipjars/${jarId}/recurringtips`, {
      token: tipper.token,
      body: {
        data: {
          amount: 300,
          displayName: 'Maandfan',
          message: '',
          payment: { paymentmethod: ideal, paymentissuer: '' },
          ...extra,
        },
      },
    });
    expect(res.status, res.text).toBe(201);
    const uid = uidOf(res.body.oppTransaction.redirectUrl);
    await simulatePayment(t.ctx, uid, 'completed');
    await awaitSimulatorDeliveries(t.ctx);
    return { id: res.body.recurringTip.id as string, uid };
  }

  it('tells the maker once of a new monthly supporter when the mandate becomes active, in their language; a repeated notification sends nothing', async () => {
    const maker = await t.createUser({ locale: 'nl' });
    const jar = await liveJar(maker);
    const tipper = await t.createUser({ locale: 'en' });
    const { uid } = await startMonthly(jar.id, tipper);
    const supporter = (mails: OutboxMail[]) => mails.filter((m) => m.subject.includes('maandelijkse supporter'));
    const mails = supporter(await mailsTo(maker.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Een nieuwe maandelijkse supporter voor ${jar.name}: ${nl(300)} per maand - Podpot`);
    expect(mails[0]!.text).toContain(`Maandfan steunt ${jar.name} nu met een maandelijkse fooi van ${nl(300)}.`);
    expect(mails[0]!.text).toContain(`/nl/backoffice/${jar.slug}/recurringtips`);

    await notify('transaction', uid);
    expect(supporter(await mailsTo(maker.email))).toHaveLength(1);
  });

  it('names no anonymous supporter', async () => {
    const maker = await t.createUser();
    const jar = await liveJar(maker);
    await startMonthly(jar.id, await t.createUser(), { privacy: 'ANONYMOUS' });
    const mail = (await mailsTo(maker.email)).find((m) => m.subject.startsWith('A new monthly supporter'));
    expect(mail?.text).toContain(`An anonymous listener now supports ${jar.name} with a monthly tip of €3.00.`);
    expect(mail?.text).not.toContain('Maandfan');
  });

  it('confirms a cancellation by the tipper once, in the language of the monthly tip', async () => {
    const maker = await t.createUser();
    const jar = await liveJar(maker);
    const tipper = await t.createUser({ locale: 'en' });
    const { id } = await startMonthly(jar.id, tipper, { locale: 'nl' });
    const cancelled = (mails: OutboxMail[]) => mails.filter((m) => m.subject.includes('opgezegd'));
    expect(cancelled(await mailsTo(tipper.email))).toHaveLength(0);

    const res = await t.api('PUT', `/user/me/recurringtips/${id}`, {
      token: tipper.token,
      body: { data: { status: 'cancelled' } },
    });
    expect(res.status, res.text).toBe(200);
    await awaitSimulatorDeliveries(t.ctx);
    const mails = cancelled(await mailsTo(tipper.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Je maandelijkse fooi aan ${jar.name} is opgezegd - Podpot`);
    expect(mails[0]!.text).toContain(
      `Zoals je vroeg, is je maandelijkse fooi van ${nl(300)} aan ${jar.name} opgezegd.`,
    );
    expect(mails[0]!.text).toContain(`${t.baseUrl}/nl/${jar.slug}`);

    // Cancelled is final: asking again is refused and mails nothing more.
    const again = await t.api('PUT', `/user/me/recurringtips/${id}`, {
      token: tipper.token,
      body: { data: { status: 'cancelled' } },
    });
    expect(again.status).toBe(409);
    expect(cancelled(await mailsTo(tipper.email))).toHaveLength(1);
  });

  it('mails one ending, not two, when the tip jar closes after the tipper cancelled', async () => {
    const maker = await t.createUser();
    const jar = await liveJar(maker);
    const tipper = await t.createUser();
    const { id } = await startMonthly(jar.id, tipper);
    await t.api('PUT', `/user/me/recurringtips/${id}`, {
      token: tipper.token,
      body: { data: { status: 'cancelled' } },
    });
    const del = await t.api('DELETE', `/tipjars/${jar.id}`, { token: admin.token });
    expect(del.status, del.text).toBeLessThan(300);
    await awaitSimulatorDeliveries(t.ctx);
    const endings = (await mailsTo(tipper.email)).filter((m) =>
      /monthly tip to .* (is cancelled|has stopped)/.test(m.subject),
    );
    expect(endings.map((m) => m.subject)).toEqual([`Your monthly tip to ${jar.name} is cancelled - Podpot`]);
  });
});
