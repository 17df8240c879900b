import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config/env.js';

/**
 * Checks the signature of a provider notification by the configured scheme (docs/provider.md §4, §12:
 * which one OPP uses is not settled). The verdict is a filter, never a source of truth: a notification
 * only ever makes us re-read its object from the provider with our key, so a forged one can cause a
 * read and nothing else. A verified notification may be skipped when repeated; that is all it buys.
 */
export type NotifyScheme = Config['OPP_NOTIFY_SCHEME'];
/** `verified`: the scheme's signature matches; `mismatch`: missing or wrong; `unchecked`: scheme `none`. */
export type NotifyVerdict = 'verified' | 'mismatch' | 'unchecked';

export interface SignedNotification {
  /** The parsed body (JSON or form fields). */
  fields: { uid?: string; verification_hash?: string };
  /** The body exactly as received (the `Digest` covers these bytes). */
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
  method: string;
  /** Path and query as requested (the `(request-target)` of a signature). */
  target: string;
}

export function verifyNotification(scheme: NotifyScheme, secret: string, n: SignedNotification): NotifyVerdict {
  if (scheme === 'none') return 'unchecked';
  if (!secret) return 'mismatch';
  const ok = scheme === 'headers' ? hasValidSignatureHeaders(secret, n) : hasValidHash(secret, n.fields);
  return ok ? 'verified' : 'mismatch';
}

/** HMAC-SHA256 of the notification uid with the notification secret, hex (the `verification_hash`). */
export function verificationHashOf(secret: string, uid: string): string {
  return createHmac('sha256', secret).update(uid).digest('hex');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

function hasValidHash(secret: string, fields: SignedNotification['fields']): boolean {
  if (!fields.uid || !fields.verification_hash) return false;
  return sameText(verificationHashOf(secret, fields.uid), fields.verification_hash.toLowerCase());
}

/* ---------- the header scheme: Digest (RFC 3230) + Signature (draft-cavage HTTP signatures, hmac-sha256) ---------- */

function header(n: SignedNotification, name: string): string | undefined {
  const value = n.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** `SHA-256=<base64>` of the body, the form the `Digest` header carries. */
function bodyDigestOf(rawBody: string): string {
  return `SHA-256=${createHash('sha256').update(rawBody, 'utf8').digest('base64')}`;
}

/** The `Signature` header's parameters: keyId="…",algorithm="…",headers="…",signature="…". */
function signatureParams(value: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const match of value.matchAll(/([a-zA-Z]+)="([^"]*)"/g)) params[match[1]!.toLowerCase()] = match[2]!;
  return params;
}

/** The string the signature covers: one `name: value` line per signed header, in the order listed. */
function signingStringOf(
  names: string[],
  headerValue: (name: string) => string | undefined,
  request: { method: string; target: string },
): string | undefined {
  const lines: string[] = [];
  for (const name of names) {
    if (name === '(request-target)') {
      lines.push(`(request-target): ${request.method.toLowerCase()} ${request.target}`);
      continue;
    }
    const value = headerValue(name);
    if (value === undefined) return undefined;
    lines.push(`${name}: ${value.trim()}`);
  }
  return lines.join('\n');
}

function hasValidSignatureHeaders(secret: string, n: SignedNotification): boolean {
  const digest = header(n, 'digest');
  const signature = header(n, 'signature');
  if (!digest || !signature) return false;
  // The digest may list several algorithms; ours must be among them and match the bytes received.
  const expectedDigest = bodyDigestOf(n.rawBody);
  if (!digest.split(',').some((part) => sameText(part.trim().replace(/^sha-256=/i, 'SHA-256='), expectedDigest))) {
    return false;
  }
  const params = signatureParams(signature);
  const algorithm = (params.algorithm ?? 'hmac-sha256').toLowerCase();
  if (!['hmac-sha256', 'hs2019'].includes(algorithm) || !params.signature) return false;
  const names = (params.headers ?? 'date').toLowerCase().split(/\s+/).filter(Boolean);
  // A signature that does not cover the digest does not cover the body.
  if (!names.includes('digest')) return false;
  const signed = signingStringOf(names, (name) => header(n, name), n);
  if (signed === undefined) return false;
  return sameText(createHmac('sha256', secret).update(signed).digest('base64'), params.signature);
}
