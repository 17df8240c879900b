import { createHash } from 'node:crypto';
import { ErrorCode } from '@podpot/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

/**
 * A client's Idempotency-Key, bound to the request it was first used for, as payment APIs do: the
 * same key with the same request answers the first result; the same key with another request is a
 * 422, never the first result dressed up as an answer to the second.
 */
export interface ClientIdempotency {
  key: string;
  /** SHA-256 (hex) of the canonical operation, path parameters and validated body. */
  fingerprint: string;
}

/**
 * The client's Idempotency-Key header (tips, monthly tips): printable ASCII, at most 200
 * characters; absent → undefined; anything else is a 400 naming the header.
 */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const key = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!key || key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) {
    throw AppError.field(ErrorCode.Validation, 'Idempotency-Key', { key: 'format' }, 'Invalid Idempotency-Key header');
  }
  return key;
}

/**
 * The key and the fingerprint of this request, or undefined without the header. Call it in the
 * handler, after validation: params and body are then the parsed values (trimmed, defaults filled),
 * so two spellings of the same request share a fingerprint.
 */
export function idempotencyOf(request: FastifyRequest): ClientIdempotency | undefined {
  const key = idempotencyKeyOf(request);
  if (key === undefined) return undefined;
  const operation = `${request.method} ${request.routeOptions.url ?? request.url}`;
  return { key, fingerprint: fingerprintOf({ operation, params: request.params, body: request.body }) };
}

/** SHA-256 (hex) of the canonical JSON of `value`. */
export function fingerprintOf(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

/**
 * JSON with object keys in code-point order at every depth and undefined members left out, so the
 * same data always gives the same text whatever order its keys arrived in.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const members = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`);
  return `{${members.join(',')}}`;
}

/**
 * A repeated key: refuses it when it was first used for a different request. A row written before
 * fingerprints were kept (null) cannot tell, and keeps the older per-operation rule.
 */
export function assertSameRequest(stored: string | null, given: ClientIdempotency): void {
  if (stored !== null && stored !== given.fingerprint) {
    throw new AppError(
      ErrorCode.IdempotencyKeyReused,
      'This Idempotency-Key was already used for a different request; send a new key for a new request',
    );
  }
}
