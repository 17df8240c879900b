import {
  IdParamsSchema,
  type Locale,
  QrPngQuerySchema,
  type QrPngSize,
  ShareFileQuerySchema,
  ShareKitSchema,
  ShareSlugParamsSchema,
} from '@podpot/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../lib/access.js';
import { EpisodeParams, errors, fileResponse, managedErrors } from '../../lib/http.js';
import type { StorefrontExtras } from '../tipjars/tipjars.ports.js';
import * as service from './share.service.js';

const tags = ['share'];
/** A day: a renamed podcast's badge may show its old name that long; every answer revalidates by ETag after. */
const MAX_AGE_SECONDS = 24 * 60 * 60;
const fileErrors = { 400: errors[400], 404: errors[404], 429: errors[429] };

/** Sends a shared file, or 304 when the reader's copy is still this one. */
function sendShared(request: FastifyRequest, reply: FastifyReply, file: service.SharedFile) {
  reply
    .header('etag', file.etag)
    .header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`)
    // Show notes and websites elsewhere embed the badge and the QR code: helmet's same-origin would block them.
    .header('cross-origin-resource-policy', 'cross-origin');
  if (service.isNotModified(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
  return (
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', `inline; filename="${file.filename}"`)
      // A Buffer or string bypasses the response serializer; the cast only satisfies the typed 200.
      .send(file.body as unknown as string)
  );
}

/** The shared files: name, drawing, what it is, and per-caller limit (drawing a large PNG or a PDF costs CPU). */
const FILES = [
  {
    name: 'badge.svg',
    kind: 'badge',
    produces: 'image/svg+xml',
    perMinute: 600,
    summary: `A LIVE tip jar's "Tip us on …" button for show notes and websites (SVG)`,
  },
  {
    name: 'qr.svg',
    kind: 'qr-svg',
    produces: 'image/svg+xml',
    perMinute: 600,
    summary: "The QR code of a LIVE tip jar's page in `lang` (SVG, scalable)",
  },
  {
    name: 'qr.png',
    kind: 'qr-png',
    produces: 'image/png',
    perMinute: 60,
    summary: "The QR code of a LIVE tip jar's page in `lang` as a PNG of `size` pixels",
  },
  {
    name: 'poster.pdf',
    kind: 'poster',
    produces: 'application/pdf',
    perMinute: 60,
    summary: "A LIVE tip jar's printable A4 poster in `lang`: artwork, name, QR code (PDF)",
  },
] as const;

export const shareRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; storefront: StorefrontExtras }> = async (
  app,
  { ctx, storefront },
) => {
  for (const file of FILES) {
    const config = { rateLimit: { max: file.perMinute, timeWindow: '1 minute' } };
    const querystring = file.kind === 'qr-png' ? QrPngQuerySchema : ShareFileQuerySchema;
    const inputOf = (request: FastifyRequest) => {
      const query = request.query as { lang: Locale; size?: QrPngSize };
      return { kind: file.kind, locale: query.lang, ...(file.kind === 'qr-png' ? { size: query.size } : {}) };
    };
    app.get(
      `/tipjars/slug/:slug/${file.name}`,
      {
        // A drawing is kept per ETag, so repeats are cheap; the limit bounds a caller who varies them.
        config,
        schema: {
          tags,
          summary: `${file.summary}; public, cached a day, ETag`,
          params: ShareSlugParamsSchema,
          querystring,
          ...fileResponse(file.summary, [file.produces], fileErrors),
        },
      },
      async (request, reply) =>
        sendShared(request, reply, await service.getSharedFile(ctx, storefront, request.params.slug, inputOf(request))),
    );
    // The same file of one episode (decision 034): it leads to the episode's tip page; 404 for an unknown episode.
    app.get(
      `/tipjars/slug/:slug/e/:episodeId/${file.name}`,
      {
        config,
        schema: {
          tags,
          summary: `${file.summary}, of one of its episodes; public, cached a day, ETag`,
          params: EpisodeParams,
          querystring,
          ...fileResponse(file.summary, [file.produces], fileErrors),
        },
      },
      async (request, reply) =>
        sendShared(
          request,
          reply,
          await service.getSharedFile(ctx, storefront, request.params.slug, inputOf(request), request.params.episodeId),
        ),
    );
  }

  app.get(
    '/tipjars/:id/share',
    {
      schema: {
        tags,
        summary:
          "A tip jar's share kit (its admins and platform admins): the podcast:funding tag, the badge snippet, the QR code and poster addresses, per language",
        params: IdParamsSchema,
        response: { 200: ShareKitSchema, ...managedErrors },
      },
    },
    async (request) => service.getShareKit(ctx, await requireUser(request), request.params.id),
  );
};
