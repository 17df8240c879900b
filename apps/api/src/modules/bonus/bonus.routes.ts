import type { Readable } from 'node:stream';
import {
  BonusAudioUploadBodySchema,
  BonusAudioUploadSchema,
  BonusEpisodeBodySchema,
  BonusEpisodeSchema,
  SupporterFeedSummarySchema,
} from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../lib/access.js';
import { childParams, ErrorBodySchema, errors, IdParams, managedErrors, NoContent } from '../../lib/http.js';
import { checkUploadRequest, type UploadKind } from './bonus.files.js';
import * as service from './bonus.service.js';
import { createUpload, putPart } from './bonus.uploads.js';

const tags = ['bonus'];
const EpisodeParams = childParams('episodeId');
const UploadParams = EpisodeParams.extend({ uploadId: z.uuid() });
const EpisodeList = z.object({ data: z.array(BonusEpisodeSchema) });
const uploadErrors = {
  ...managedErrors,
  413: ErrorBodySchema.describe('PAYLOAD_TOO_LARGE: the file is over its limit (audio 200 MB, artwork 1 MB)'),
  415: ErrorBodySchema.describe(
    'UNSUPPORTED_MEDIA_TYPE: the first bytes are not an mp3/m4a/ogg (audio) or JPEG/PNG (artwork)',
  ),
};

/**
 * The private supporter feed (issue 40, decision 090): a maker's bonus episodes and their files, and the
 * maker's summary. A supporter's own feed URL is read and rotated under the recurring tip's routes
 * (recurring-tips.routes.ts), which also take the manage link; the feed itself and its files are served
 * at the root (bonus.public-routes.ts).
 */
export const bonusRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The files come as the raw body, streamed to the storage (never buffered, never JSON): this plugin's
  // own parser, for these routes only.
  app.addContentTypeParser(/^(audio|image)\//, (_request, payload, done) => done(null, payload));
  // A part of an upload in parts (decision 099) is just bytes.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

  app.get(
    '/tipjars/:id/bonus-episodes',
    {
      schema: {
        tags,
        summary: "A tip jar's bonus episodes, newest first (its admins and platform admins)",
        params: IdParams,
        response: { 200: EpisodeList, ...managedErrors },
      },
    },
    async (request) => ({ data: await service.listEpisodes(ctx, await requireUser(request), request.params.id) }),
  );

  app.post(
    '/tipjars/:id/bonus-episodes',
    {
      schema: {
        tags,
        summary: 'A new bonus episode (its audio follows with PUT …/audio). At most 500 per tip jar (409).',
        params: IdParams,
        body: BonusEpisodeBodySchema,
        response: { 201: BonusEpisodeSchema, ...managedErrors, 409: errors[409] },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createEpisode(ctx, await requireUser(request), request.params.id, request.body.data)),
  );

  app.put(
    '/tipjars/:id/bonus-episodes/:episodeId',
    {
      schema: {
        tags,
        summary: "Change a bonus episode's title, description, publish date, level or duration",
        params: EpisodeParams,
        body: BonusEpisodeBodySchema,
        response: { 200: BonusEpisodeSchema, ...managedErrors },
      },
    },
    async (request) =>
      service.updateEpisode(
        ctx,
        await requireUser(request),
        request.params.id,
        request.params.episodeId,
        request.body.data,
      ),
  );

  app.delete(
    '/tipjars/:id/bonus-episodes/:episodeId',
    {
      schema: {
        tags,
        summary: 'Delete a bonus episode with its audio and artwork',
        params: EpisodeParams,
        response: { 204: NoContent, ...managedErrors },
      },
    },
    async (request, reply) => {
      await service.deleteEpisode(ctx, await requireUser(request), request.params.id, request.params.episodeId);
      return reply.status(204).send(null);
    },
  );

  const upload = (kind: UploadKind, summary: string, types: string[]) =>
    app.put(
      `/tipjars/:id/bonus-episodes/:episodeId/${kind}`,
      {
        schema: {
          tags,
          summary,
          consumes: types,
          params: EpisodeParams,
          response: { 200: BonusEpisodeSchema, ...uploadErrors },
        },
      },
      async (request) => {
        const actor = await requireUser(request);
        const body = checkUploadRequest(request, kind);
        return service.uploadFile(ctx, actor, request.params.id, request.params.episodeId, kind, body);
      },
    );
  upload(
    'audio',
    "Upload (or replace) a bonus episode's audio as the raw body: audio/mpeg, audio/mp4 or audio/ogg, up to 200 MB; the first bytes must prove it (else 415)",
    ['audio/mpeg', 'audio/mp4', 'audio/ogg'],
  );
  upload(
    'artwork',
    "Upload (or replace) a bonus episode's artwork as the raw body: image/jpeg or image/png, up to 1 MB",
    ['image/jpeg', 'image/png'],
  );

  // Audio in parts (decision 099): each part a request of its own, each within REQUEST_TIMEOUT_MS.
  app.post(
    '/tipjars/:id/bonus-episodes/:episodeId/audio/uploads',
    {
      schema: {
        tags,
        summary:
          "Start uploading a bonus episode's audio in parts: its type (audio/mpeg, audio/mp4, audio/ogg; else 415) and size in bytes (up to 200 MB; else 413). Answers the part size; an unfinished earlier upload of the episode is dropped, and one not completed within 24 hours too",
        params: EpisodeParams,
        body: BonusAudioUploadBodySchema,
        response: { 201: BonusAudioUploadSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const actor = await requireUser(request);
      const { id, episodeId } = request.params;
      return reply.status(201).send(await createUpload(ctx, actor, id, episodeId, request.body));
    },
  );

  app.put(
    '/tipjars/:id/bonus-episodes/:episodeId/audio/uploads/:uploadId',
    {
      schema: {
        tags,
        summary:
          'One part of an upload in parts as the raw body (application/octet-stream), at most partBytes, with `Content-Range: bytes START-END/TOTAL`; START must be the bytes received so far. Answers where the upload stands, or the episode once this part completed its audio (which then replaces the old one). A part already received answers 200 and is not appended again; `Content-Range: bytes */TOTAL` with no body asks where the upload stands. The first part must start as audio (else 415, and the upload is dropped)',
        consumes: ['application/octet-stream'],
        params: UploadParams,
        response: {
          200: z.union([BonusEpisodeSchema, BonusAudioUploadSchema]),
          ...uploadErrors,
          400: ErrorBodySchema.describe('VALIDATION: a Content-Range that is not of this upload or not the bytes sent'),
          409: ErrorBodySchema.describe(
            'CONFLICT: the part does not start at the bytes received so far; `fields.content-range.params.expected` is the offset to send from',
          ),
        },
      },
    },
    async (request) => {
      const actor = await requireUser(request);
      const raw = request.body as Readable | undefined;
      const body = raw && typeof raw.pipe === 'function' ? raw : null;
      try {
        const { id, episodeId, uploadId } = request.params;
        const range = request.headers['content-range'];
        return await putPart(ctx, actor, { tipjarId: id, episodeId, uploadId }, range, body);
      } finally {
        // A part answered without being read (404, 409, already received) is drained, not cut off.
        body?.resume();
      }
    },
  );

  app.get(
    '/tipjars/:id/supporter-feed',
    {
      schema: {
        tags,
        summary: "The supporter feed's summary: how many supporters have it open, and leaked feed URLs",
        params: IdParams,
        response: { 200: SupporterFeedSummarySchema, ...managedErrors },
      },
    },
    async (request) => service.feedSummary(ctx, await requireUser(request), request.params.id),
  );
};
