import { Readable } from 'node:stream';
import { ErrorCode, IdParamsSchema, ShareSlugParamsSchema } from '@podpot/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** Where the API's routes live: their registration, the OpenAPI servers, and what counts as an API answer. */
export const API_PREFIX = '/api/v1';

/** The error body, for the OpenAPI document. */
export const ErrorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  code: z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  fields: z
    .record(z.string(), z.object({ key: z.string(), params: z.record(z.string(), z.unknown()).optional() }))
    .optional(),
});

/** Common error answers, spread into a route's `response` schema. */
export const errors = {
  400: ErrorBodySchema.describe('Invalid input; `fields` names each bad field'),
  401: ErrorBodySchema.describe('No or invalid bearer token'),
  403: ErrorBodySchema.describe('Signed in, but not allowed'),
  404: ErrorBodySchema.describe('Not found (also for things you may not see)'),
  409: ErrorBodySchema.describe('Conflicts with the current state'),
  422: ErrorBodySchema.describe('IDEMPOTENCY_KEY_REUSED: the Idempotency-Key was first used for a different request'),
  429: ErrorBodySchema.describe('Rate limited'),
} as const;

/** Error answers of a route on something the caller must manage or own (404 hides what they may not see). */
export const managedErrors = { 400: errors[400], 401: errors[401], 404: errors[404] } as const;
/** Error answers of a platform-admin route. */
export const adminErrors = { 400: errors[400], 401: errors[401], 403: errors[403] } as const;

export const NoContent = z.null().describe('No content');

/* ---------- route params ---------- */

const uuidParam = () => z.uuid({ message: 'invalid' });

/** `/:id` — every route names its main resource `id`. */
export const IdParams = IdParamsSchema;

/** `/:id/<child>/:<childParam>` — a resource under a tip jar (or user), both uuids. */
export function childParams<const K extends string>(child: K) {
  return IdParams.extend({ [child]: uuidParam() } as { [P in K]: ReturnType<typeof uuidParam> });
}

/**
 * `/tipjars/slug/:slug/e/:episodeId` (decision 034): any id without white space is looked up, so one
 * that is no uuid is as unknown as any other (404); a line break or a space is bad input (400).
 */
export const EpisodeParams = ShareSlugParamsSchema.extend({
  episodeId: z.string().regex(/^\S{1,100}$/, { message: 'invalid' }),
});

/* ---------- file downloads ---------- */

/** The OpenAPI part of a download route: what it produces, a described 200 and its error answers. */
export const fileResponse = <E extends object>(description: string, types: string[], errorAnswers?: E) => ({
  produces: types,
  response: { 200: z.string().describe(description), ...errorAnswers },
});

export interface DownloadFile {
  contentType: string;
  filename: string;
  /** Bytes, text or a stream of text chunks. */
  body: Buffer | string | NodeJS.ReadableStream;
}

/** Sends a download (attachment, never cached). */
export function sendFile(reply: FastifyReply, f: DownloadFile) {
  return (
    reply
      .header('content-type', f.contentType)
      .header('content-disposition', `attachment; filename="${f.filename}"`)
      .header('cache-control', 'no-store')
      // A Buffer, string or stream bypasses the response serializer; the cast only satisfies the typed 200.
      .send(f.body as unknown as string)
  );
}

export { requestLocale } from './request-locale.js';

/**
 * Sends a CSV download streamed from its chunks, pulled by the response: one chunk read ahead, not
 * Readable.from's 16 (each can be ~100 kB of CSV; at full speed 16 waiting chunks were a fifth of the
 * bulk export's peak memory, decision 048).
 */
export function sendCsvStream(reply: FastifyReply, file: { filename: string; body: AsyncIterable<string | Buffer> }) {
  return sendFile(reply, {
    contentType: 'text/csv; charset=utf-8',
    filename: file.filename,
    body: Readable.from(file.body, { highWaterMark: 1 }),
  });
}
