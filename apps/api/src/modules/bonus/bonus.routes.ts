import { BonusEpisodeBodySchema, BonusEpisodeSchema, SupporterFeedSummarySchema } from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../lib/access.js';
import { childParams, ErrorBodySchema, errors, IdParams, managedErrors, NoContent } from '../../lib/http.js';
import { checkUploadRequest, type UploadKind } from './bonus.files.js';
import * as service from './bonus.service.js';

const tags = ['bonus'];
const EpisodeParams = childParams('episodeId');
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
