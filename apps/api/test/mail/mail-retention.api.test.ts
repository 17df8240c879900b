import { randomUUID } from 'node:crypto';
import { SENT_MAIL_KEPT_DAYS } from '@podpot/domain';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema/index.js';
import { purgeOldMails } from '../../src/jobs/index.js';
import { PURGE_BATCH, purgeMailsBefore, queueMail } from '../../src/mail/outbox.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * Decision 057: a sent mail keeps its address and content for SENT_MAIL_KEPT_DAYS (what the privacy
 * page says), then the retention job blanks them. The row stays with its dedupe key, so the same cause
 * still never mails twice; pending mails are never touched; two purges at once blank each mail once.
 */
const DAY = 24 * 60 * 60_000;
let t: TestApp;
beforeAll(async () => {
  // No worker: the test decides which mails are sent and when.
  t = await createTestApp({ MAIL_WORKER: 'off' });
});
afterAll(() => t.close());

/** Queues a mail under a fresh key prefix and sets its state as if sent (or failed) `daysAgo` days ago. */
async function mail(prefix: string, name: string, state: { status: 'sent' | 'failed' | 'pending'; daysAgo: number }) {
  const key = `${prefix}:${name}`;
  await queueMail(
    t.database.db,
    {
      to: `${name}@example.test`,
      subject: `Receipt for ${name}`,
      text: `Thank you, ${name}`,
      html: `<p>Thank you, ${name}</p>`,
      attachments: [{ filename: 'receipt.pdf', contentType: 'application/pdf', content: Buffer.from('pdf') }],
    },
    { dedupeKey: key },
  );
  const at = new Date(Date.now() - state.daysAgo * DAY);
  await t.database.db
    .update(mailOutbox)
    .set({ status: state.status, sentAt: state.status === 'sent' ? at : null, updated: at })
    .where(eq(mailOutbox.dedupeKey, key));
  return key;
}

async function rows(prefix: string) {
  const found = await t.database.db
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.dedupeKey, `${prefix}:%`));
  return new Map(found.map((r) => [r.dedupeKey!.slice(prefix.length + 1), r]));
}

describe(`the mail retention (${TEST_DB})`, () => {
  it('blanks sent and failed mails older than the privacy page says, keeps the rest, and the dedupe key still holds', async () => {
    const prefix = `retention-${randomUUID()}`;
    await mail(prefix, 'old-sent', { status: 'sent', daysAgo: SENT_MAIL_KEPT_DAYS + 1 });
    await mail(prefix, 'old-failed', { status: 'failed', daysAgo: SENT_MAIL_KEPT_DAYS + 5 });
    await mail(prefix, 'recent-sent', { status: 'sent', daysAgo: SENT_MAIL_KEPT_DAYS - 1 });
    await mail(prefix, 'old-pending', { status: 'pending', daysAgo: SENT_MAIL_KEPT_DAYS + 10 });

    expect(await purgeOldMails(t.ctx)).toBeGreaterThanOrEqual(2);
    const after = await rows(prefix);
    for (const name of ['old-sent', 'old-failed']) {
      const row = after.get(name)!;
      expect(row.purgedAt, name).toBeInstanceOf(Date);
      expect({ recipient: row.recipient, subject: row.subject, text: row.text, html: row.html }).toEqual({
        recipient: '',
        subject: '',
        text: '',
        html: null,
      });
      expect(row.attachments).toEqual([]);
      // Nothing of the person or the message is left anywhere in the row.
      expect(JSON.stringify(row)).not.toMatch(/@example\.test|Thank you|Receipt|cGRm/);
    }
    expect(after.get('old-sent')!.status).toBe('sent');
    for (const name of ['recent-sent', 'old-pending']) {
      const row = after.get(name)!;
      expect(row.purgedAt, name).toBeNull();
      expect(row.recipient).toBe(`${name}@example.test`);
      expect(row.html).toContain(name);
      expect(row.attachments).toHaveLength(1);
    }

    // The same cause again: still no second mail.
    expect(
      await queueMail(
        t.database.db,
        { to: 'x@example.test', subject: 's', text: 't' },
        { dedupeKey: `${prefix}:old-sent` },
      ),
    ).toBe(false);
    // A second run finds nothing new of these.
    await purgeOldMails(t.ctx);
    const again = await rows(prefix);
    expect(again.get('old-sent')!.purgedAt!.getTime()).toBe(after.get('old-sent')!.purgedAt!.getTime());
    expect(again.get('recent-sent')!.purgedAt).toBeNull();
  });

  it('a backlog larger than one batch goes in one run; two runs at once blank each mail once', async () => {
    const prefix = `backlog-${randomUUID()}`;
    const count = PURGE_BATCH + 30;
    const at = new Date(Date.now() - (SENT_MAIL_KEPT_DAYS + 2) * DAY);
    await t.database.db.insert(mailOutbox).values(
      Array.from({ length: count }, (_, i) => ({
        dedupeKey: `${prefix}:${i}`,
        recipient: `listener-${i}@example.test`,
        subject: 'Receipt',
        text: 'Thanks',
        status: 'sent' as const,
        sentAt: at,
        updated: at,
      })),
    );
    const cutoff = new Date(Date.now() - SENT_MAIL_KEPT_DAYS * DAY);
    const [first, second] = await Promise.all([
      purgeMailsBefore(t.database.db, cutoff),
      purgeMailsBefore(t.database.db, cutoff),
    ]);
    expect(first + second).toBe(count);
    await purgeOldMails(t.ctx);
    const after = [...(await rows(prefix)).values()];
    expect(after).toHaveLength(count);
    expect(after.filter((r) => r.purgedAt === null)).toEqual([]);
    expect(after.filter((r) => r.recipient !== '')).toEqual([]);
  });
});
