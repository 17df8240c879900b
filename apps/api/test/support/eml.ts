/**
 * Reads the .eml files the mailer (src/lib/mailer.ts) writes to an outbox: headers and the decoded text body.
 * A test helper of the API tests and the browser tests (apps/web/e2e/support/outbox.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface OutboxMail {
  file: string;
  raw: string;
  to: string;
  subject: string;
  text: string;
}

/**
 * The text a mail (or one part of it) says: for a multipart mail (HTML with a plain-text alternative,
 * attachments) its text/plain part, decoded.
 */
export function decodeEmlBody(raw: string): string {
  const split = raw.indexOf('\n\n');
  const head = raw.slice(0, split);
  const body = raw.slice(split + 2);
  const boundary = /content-type: multipart\/[\s\S]*?boundary="?([^"\n;]+)"?/i.exec(head)?.[1];
  if (boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    const text = parts.find((part) => /content-type: text\/plain/i.test(part.slice(0, part.indexOf('\n\n', 1))));
    const nested = parts.find((part) => /content-type: multipart\//i.test(part.slice(0, part.indexOf('\n\n', 1))));
    if (text) return decodeEmlBody(text.replace(/^\r?\n/, '')).replace(/\n$/, '');
    if (nested) return decodeEmlBody(nested.replace(/^\r?\n/, ''));
  }
  if (/content-transfer-encoding: base64/i.test(head))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding: quoted-printable/i.test(head)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/**
 * A header as a person reads it: its folded lines joined, its encoded words (RFC 2047, as the mailer
 * writes a subject with € or a long one) decoded.
 */
function headerOf(raw: string, name: string): string {
  const head = raw.slice(0, raw.indexOf('\n\n')).replace(/\r?\n[ \t]+/g, ' ');
  const value = new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** All mails in `dir`, oldest first; [] when the folder does not exist yet. */
export function readOutboxDir(dir: string): OutboxMail[] {
  let files: string[] = [];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const raw = readFileSync(path.join(dir, file), 'utf8');
    const header = (name: string) => headerOf(raw, name);
    return { file, raw, to: header('To'), subject: header('Subject'), text: decodeEmlBody(raw) };
  });
}

/** The bytes of a mail's first attachment of `contentType` (e.g. application/pdf), undefined when it has none. */
export function attachmentOf(raw: string, contentType: string): Buffer | undefined {
  const split = raw.indexOf('\n\n');
  const head = raw.slice(0, split);
  const body = raw.slice(split + 2);
  const boundary = /content-type: multipart\/[\s\S]*?boundary="?([^"\n;]+)"?/i.exec(head)?.[1];
  if (boundary) {
    for (const part of body.split(`--${boundary}`).slice(1, -1)) {
      const found = attachmentOf(part.replace(/^\r?\n/, ''), contentType);
      if (found) return found;
    }
    return undefined;
  }
  if (!new RegExp(`content-type: ${contentType.replace('/', '\\/')}`, 'i').test(head)) return undefined;
  return Buffer.from(body.replace(/\s+/g, ''), 'base64');
}
