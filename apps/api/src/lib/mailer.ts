import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent along (e.g. an invoice PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** `<id@domain>`; fixed by the sender so a resent mail carries the same Message-ID (the outbox's). */
  messageId?: string;
}

/**
 * nodemailer loads with the first mail a process sends, not at start (~3 MB of heap; decision 048):
 * a process that sends none never holds it.
 */
const nodemailer = () => import('nodemailer').then((m) => m.default);

/** The transport, made on the first call and answered to every later one. */
function once(make: () => Promise<Transporter>): () => Promise<Transporter> {
  let made: Promise<Transporter> | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Mail goes out through SMTP when SMTP_URL is set; otherwise each message is written as an
 * .eml file to `<dataDir>/outbox/` so it can be read (and tested) without a mail server.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    const transport = once(() => nodemailer().then((m) => m.createTransport(smtpUrl)));
    return {
      async send(message) {
        await (await transport()).sendMail({ from: options.from, ...message });
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const transport = once(() =>
    nodemailer().then((m) => m.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })),
  );
  return {
    async send(message) {
      const info = await (await transport()).sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      await writeFile(path.join(options.outboxDir, name), info.message as Buffer);
      options.log.info({ to: message.to, subject: message.subject, file: name }, 'mail written to outbox');
    },
  };
}
