import { ErrorCode } from '@podpot/domain';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { appStorage } from '../../lib/storage.js';
import { sendError } from '../../plugins/error-handler.js';
import { feedFile, feedXml, resolveFeedToken } from './bonus.feed.js';
import { EXTENSION_OF } from './bonus.files.js';
import { noteFeedFetch } from './bonus.leak.js';
import { byteRange } from './byte-range.js';

/**
 * A supporter's private feed and its files, at the root where podcast apps fetch them (decision 090):
 * /feeds/{token}.xml, /feeds/{token}/audio/{episodeId}.{ext}, /feeds/{token}/artwork/{episodeId}.{ext}.
 * Out of the OpenAPI document; never indexed (X-Robots-Tag), cached privately only. A wrong, rotated or
 * forged token, another tip jar's episode, an ended feed's file: the same 404.
 */

/** Podcast apps refresh a feed about this often; an ended tip shows within one refresh (decision 090). */
export const FEED_MAX_AGE_SECONDS = 300;
const FILE_MAX_AGE_SECONDS = 86_400;

const FILE = /^([0-9a-f-]{36})\.([a-z0-9]{2,4})$/;

function notFound(reply: FastifyReply) {
  return sendError(reply.header('x-robots-tag', 'noindex'), 404, ErrorCode.NotFound, 'Feed not found');
}

export const bonusPublicRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get<{ Params: { file: string } }>('/feeds/:file', { schema: { hide: true } }, async (request, reply) => {
    const token = /^(.+)\.xml$/.exec(request.params.file)?.[1];
    const resolved = token ? await resolveFeedToken(ctx, token) : null;
    if (!token || !resolved) return notFound(reply);
    await noteFeedFetch(ctx, resolved.tip.id, request.ip);
    return reply
      .type('application/rss+xml; charset=utf-8')
      .header('cache-control', `private, max-age=${FEED_MAX_AGE_SECONDS}`)
      .header('x-robots-tag', 'noindex')
      .send(await feedXml(ctx, token, resolved));
  });

  for (const kind of ['audio', 'artwork'] as const) {
    app.get<{ Params: { token: string; file: string } }>(
      `/feeds/:token/${kind}/:file`,
      // Audio and images are compressed already; a compressed range would not be the bytes asked for.
      { schema: { hide: true }, compress: false },
      async (request, reply) => {
        const match = FILE.exec(request.params.file);
        const file = match ? await feedFile(ctx, request.params.token, match[1]!, kind) : null;
        if (!match || !file || EXTENSION_OF[file.type] !== match[2]) return notFound(reply);
        const storage = appStorage(ctx);
        const stat = await storage.stat(file.key);
        if (!stat) return notFound(reply);
        reply
          .header('accept-ranges', 'bytes')
          .header('cache-control', `private, max-age=${FILE_MAX_AGE_SECONDS}`)
          .header('x-robots-tag', 'noindex')
          .type(file.type);
        const range = byteRange(request.headers.range, stat.bytes);
        if (range === 'unsatisfiable') {
          return sendError(
            reply.header('content-range', `bytes */${stat.bytes}`),
            416,
            ErrorCode.BadRequest,
            'Range not satisfiable',
          );
        }
        if (!range) return reply.header('content-length', stat.bytes).send(storage.read(file.key));
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${stat.bytes}`)
          .header('content-length', range.end - range.start + 1)
          .send(storage.read(file.key, range));
      },
    );
  }
};
