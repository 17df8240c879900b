import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tipjarAdmins, tipjars } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * Mail through a real SMTP server (smtp-server, on a port the OS gives) and the real mailer and outbox
 * worker: what arrives has a plain-text and an HTML part that say the same, and an invoice mail carries
 * its PDF (decision 035).
 */
let t: TestApp;
let server: SMTPServer;
const arrived: ParsedMail[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => arrived.push(mail))
        .then(() => callback(), callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe(`mail over SMTP (${TEST_DB})`, () => {
  it('an invoice mail arrives with its text, its HTML and its PDF', async () => {
    const admin = await t.createUser({ role: 'ADMIN' });
    const maker = await t.createUser({ locale: 'nl' });
    const [jar] = await t.database.db
      .insert(tipjars)
      .values({
        slug: `smtp-${Date.now().toString(36)}`,
        name: 'SMTP Pod',
        status: 'LIVE',
        contactEmail: maker.email,
      })
      .returning();
    await t.database.db.insert(tipjarAdmins).values({ tipjarId: jar!.id, userId: maker.id });
    const created = await t.api('POST', '/invoices', {
      token: admin.token,
      body: { data: { tipjarId: jar!.id, lines: [{ description: 'Podpot', quantity: 1, unitPriceExVat: 1500 }] } },
    });
    expect(created.status, created.text).toBe(201);
    const sent = await t.api('POST', `/invoices/${created.body.id}/send`, { token: admin.token, body: {} });
    expect(sent.status, sent.text).toBeLessThan(300);
    await t.outbox();

    const mail = arrived.find((m) => m.subject?.includes(created.body.number));
    expect(mail, `an invoice mail among: ${arrived.map((m) => m.subject).join(', ')}`).toBeDefined();
    expect(mail!.text).toContain(created.body.number);
    expect(mail!.text).toContain('18,15');
    expect(mail!.html).toBeTruthy();
    expect(String(mail!.html)).toContain(created.body.number);
    expect(String(mail!.html)).toContain('18,15');
    expect(String(mail!.html)).toContain('color-scheme');
    const pdf = mail!.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf, 'the invoice PDF').toBeDefined();
    expect(pdf!.filename).toContain(created.body.number);
    expect(pdf!.content.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
