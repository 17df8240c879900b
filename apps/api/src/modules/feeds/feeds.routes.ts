import {
  ConfirmFeedVerificationBodySchema,
  FeedPreviewBodySchema,
  FeedPreviewSchema,
  FeedVerificationStartedSchema,
  IdParamsSchema,
  TipjarSchema,
} from '@podpot/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../lib/access.js';
import { ErrorBodySchema, errors, fileResponse, managedErrors, requestLocale } from '../../lib/http.js';
import type { FeedSaved } from '../tipjars/tipjars.ports.js';
import * as service from './feeds.service.js';
import * as verification from './feeds.verification.js';

const tags = ['feeds'];
const feedFailed = ErrorBodySchema.describe(
  'FEED_FAILED: the feed could not be read; `fields.url` (or `rssUrl`) names why: feedNotAFeed, feedNotFound, feedTooLarge, feedTooSlow, feedRefusedAddress, feedUnreachable. FEED_NO_OWNER_EMAIL: the feed names no owner address',
);

/** The asker's language for the API's own message texts (the web translates the field keys itself). */
const localeOf = requestLocale;

/**
 * A rate-limit key per signed-in user, else per client address — never per tip jar, whose budget anyone
 * could spend with requests that are then refused (decision 064). The day's real budgets (per owner
 * address, feed and account) are counted by the service after its access check.
 */
function perCaller(what: string) {
  return async (request: FastifyRequest) => {
    const userId = await request.claimedUserId().catch(() => null);
    return userId ? `${what}:user:${userId}` : `${what}:ip:${request.ip}`;
  };
}

export const feedsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; feedSaved: FeedSaved }> = async (
  app,
  { ctx, feedSaved },
) => {
  app.post(
    '/feeds/preview',
    {
      // Each preview makes us request a stranger's URL (and its artwork): few per minute.
      config: { rateLimit: { max: () => ctx.config.FEED_PREVIEW_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          "Read a podcast's RSS feed and answer what it prefills (name, description, website, a free slug, our stored copy of its artwork). Signed-in users; public http(s) addresses only, ≤ 10 MB, ≤ 5 redirects, 10 s.",
        body: FeedPreviewBodySchema,
        response: { 200: FeedPreviewSchema, 400: errors[400], 401: errors[401], 422: feedFailed, 429: errors[429] },
      },
    },
    async (request) => service.previewFeed(ctx, await requireUser(request), request.body.url, localeOf(request)),
  );

  app.get(
    '/artworks/:id',
    {
      schema: {
        tags,
        summary: "A podcast's artwork as we stored it from its feed (JPEG, at most 600×600). Public, never changes.",
        params: IdParamsSchema,
        ...fileResponse('JPEG image', ['image/jpeg'], { 400: errors[400], 404: errors[404] }),
      },
    },
    async (request, reply) => {
      const artwork = await service.getArtwork(ctx, request.params.id);
      return (
        reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .type(artwork.contentType)
          // Bytes bypass the response serializer; the cast only satisfies the typed 200.
          .send(artwork.bytes as unknown as string)
      );
    },
  );

  app.post(
    '/tipjars/:id/feed/verification',
    {
      // A burst limit per caller; the owner address's and the account's day are counted by the service.
      config: { rateLimit: { max: 20, timeWindow: '10 minutes', keyGenerator: perCaller('feed-code') } },
      schema: {
        tags,
        summary:
          "Send a one-time code (6 digits, 15 minutes, 5 tries) to the owner e-mail named in the tip jar's feed (its admins; a paid tip jar, else 409 `feedVerifyUnpaid`). A new code replaces the previous one. At most 3 codes a day per owner address and 10 per account (429 `feedCodesPerAddress` / `feedCodesPerAccount`).",
        params: IdParamsSchema,
        response: {
          200: FeedVerificationStartedSchema,
          ...managedErrors,
          409: errors[409],
          422: feedFailed,
          429: errors[429],
        },
      },
    },
    async (request) =>
      verification.startFeedVerification(ctx, await requireUser(request), request.params.id, localeOf(request)),
  );

  app.post(
    '/tipjars/:id/feed/verification/confirm',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes', keyGenerator: perCaller('feed-confirm') } },
      schema: {
        tags,
        summary:
          'Enter the code: the tip jar is then a verified podcast (its storefront shows the mark). 409 FEED_ALREADY_VERIFIED when another tip jar verified this feed first; 429 `codeGuessesUsedUp` after 10 wrong codes a day for the feed or its owner address.',
        params: IdParamsSchema,
        body: ConfirmFeedVerificationBodySchema,
        response: { 200: TipjarSchema, ...managedErrors, 409: errors[409], 429: errors[429] },
      },
    },
    async (request) =>
      verification.confirmFeedVerification(
        ctx,
        feedSaved,
        await requireUser(request),
        request.params.id,
        request.body.code,
      ),
  );
};
