import { awaitSimulatorDeliveries, simulatePayment } from '@podpot/opp-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tipjarAdmins, tipjars } from '../../src/db/schema/index.js';
import type { OutboxMail } from '../support/eml.js';
import { registerMerchant } from '../support/merchant.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * Issue 33, item 5: a tip's message "Verify bank account: https://evil…" drew a real "Verify bank
 * account" button and fact rows in the maker's "new tip" mail, because the layout read the tipper's
 * words as ours. What a person typed now reaches a mail as a quoted block or escaped one-line text,
 * with its links broken, in the HTML and the plain text; and no subject carries a URL from it.
 */
let t: TestApp;
let maker: TestUser;
let ideal: string;
let jar: { id: string; slug: string };

const EVIL = 'evil.example';
/** Shaped like our own mail: a fact row with a link, facts, and a lone link (a button). */
const MESSAGE = [
  `Verify bank account: https://${EVIL}/verify`,
  '',
  'Amount: €0.00',
  'Status: payout blocked',
  '',
  `https://${EVIL}/unblock`,
].join('\n');

beforeAll(async () => {
  t = await createTestApp({ TIP_RATE_LIMIT_PER_MINUTE: 1000 });
  const admin = await t.createUser({ role: 'ADMIN' });
  maker = await t.createUser({ locale: 'en' });
  const method = await t.api('POST', '/paymentmethods', {
    token: admin.token,
    body: { data: { name: 'iDEAL', type: 'ideal', priority: 10 } },
  });
  expect(method.status, method.text).toBe(201);
  ideal = method.body.id;
  const slug = `mail-text-${Date.now().toString(36)}`;
  const [row] = await t.database.db
    .insert(tipjars)
    .values({ slug, name: 'Mail Text Pod', status: 'LIVE', contactEmail: 'pod@example.test' })
    .returning();
  await t.database.db.insert(tipjarAdmins).values({ tipjarId: row!.id, userId: maker.id });
  await registerMerchant(t, row!.id, maker.token);
  jar = { id: row!.id, slug };
});
afterAll(() => t.close());

/** A paid tip with the tipper's name and message; answers the maker's "new tip" mail. */
async function paidTip(displayName: string, message: string): Promise<OutboxMail> {
  const before = (await t.outbox()).length;
  const res = await t.api('POST', `/tipjars/${jar.id}/tips`, {
    body: {
      data: {
        amount: 500,
        displayName,
        email: 'fan@example.test',
        message,
        privacy: 'NAME_AND_AMOUNT',
        locale: 'en',
        payment: { paymentmethod: ideal, paymentissuer: '' },
      },
    },
  });
  expect(res.status, res.text).toBe(201);
  await simulatePayment(t.ctx, String(res.body.oppTransaction.redirectUrl).split('/').pop()!, 'completed');
  await awaitSimulatorDeliveries(t.ctx);
  const mails = (await t.outbox()).slice(before).filter((m) => m.to.includes(maker.email));
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

/** The HTML part of a sent mail, decoded. */
function htmlOf(mail: OutboxMail): string {
  const boundaries = [...mail.raw.matchAll(/boundary="?([^"\r\n;]+)"?/gi)].map((m) => m[1]!);
  for (const boundary of boundaries) {
    for (const part of mail.raw.split(`--${boundary}`)) {
      const split = part.search(/\r?\n\r?\n/);
      const head = part.slice(0, split);
      if (!/content-type: text\/html/i.test(head)) continue;
      const body = part.slice(split).trim();
      if (/content-transfer-encoding: base64/i.test(head))
        return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (/content-transfer-encoding: quoted-printable/i.test(head)) {
        const bytes = body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
        return Buffer.from(bytes, 'latin1').toString('utf8');
      }
      return body;
    }
  }
  throw new Error('no HTML part');
}

/** The subject as the recipient reads it: the folded header joined, RFC 2047 encoded words decoded. */
function subjectOf(mail: OutboxMail): string {
  const head = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  const value = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** The visible text of the fact rows' labels and the buttons of an HTML mail. */
function factLabels(html: string): string[] {
  return [...html.matchAll(/class="pp-fact-label"[^>]*>([^<]*)</g)].map((m) => m[1]!.trim());
}

describe(`what a person typed never becomes our links, facts or buttons (${TEST_DB})`, () => {
  it('quotes a tip message shaped like facts and a button link, with no link to its URL in HTML or text', async () => {
    const mail = await paidTip('Fan', MESSAGE);
    const html = htmlOf(mail);
    // No <a> anywhere leads to the tipper's address (it was a button and a linked fact value).
    const hrefs = [...html.matchAll(/<a\b[^>]*href="([^"]*)"/g)].map((m) => m[1]!);
    expect(hrefs.filter((href) => href.includes(EVIL))).toEqual([]);
    expect(hrefs.length).toBeGreaterThan(0); // our own "See your tips" button is still there
    // None of its lines is a fact row of ours.
    expect(factLabels(html)).not.toEqual(expect.arrayContaining(['Verify bank account']));
    expect(factLabels(html)).not.toContain('Amount');
    expect(factLabels(html)).not.toContain('Status');
    // The message is in the mail, in its quoted box, its link broken.
    expect(html).toContain('class="pp-quote"');
    expect(html).toContain('Verify bank account');
    // The plain text: no link a mail app would make clickable, and the message quoted.
    expect(mail.text).not.toMatch(/https?:\/\/[^\s]*evil/);
    expect(mail.text).not.toContain(EVIL);
    expect(mail.text).toContain('> Verify bank account: https[:]//evil[.]example/verify');
    expect(mail.text).toContain('> https[:]//evil[.]example/unblock');
  });

  it("writes a tipper's name with a URL and a colon as text: no link, no fact row", async () => {
    const mail = await paidTip(`Support: https://${EVIL}/pay`, 'Thanks!');
    const html = htmlOf(mail);
    expect(html).not.toMatch(new RegExp(`href="[^"]*${EVIL.replace('.', '\\.')}`));
    expect(factLabels(html).some((label) => label.includes('Support'))).toBe(false);
    expect(mail.text).not.toContain(EVIL);
    expect(mail.text).toContain('evil[.]example');
  });

  it('puts no URL from a tip jar name in the subject of the new-tip mail', async () => {
    const renamed = await t.api('PUT', `/tipjars/${jar.id}`, {
      token: maker.token,
      body: { data: { name: `Claim https://${EVIL}/claim now` } },
    });
    expect(renamed.status, renamed.text).toBe(200);
    try {
      const mail = await paidTip('Fan', 'Hi');
      const subject = subjectOf(mail);
      expect(subject).toContain('Claim');
      expect(subject).not.toMatch(/https?:\/\//);
      expect(subject).not.toContain(EVIL);
      expect(htmlOf(mail)).not.toMatch(new RegExp(`href="[^"]*${EVIL.replace('.', '\\.')}`));
    } finally {
      await t.api('PUT', `/tipjars/${jar.id}`, { token: maker.token, body: { data: { name: 'Mail Text Pod' } } });
    }
  });
});
