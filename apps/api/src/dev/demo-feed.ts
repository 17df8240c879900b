import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { DEMO_ARTWORK_PATH, DEMO_FEED_PATH, demoArtwork, demoFeedXml } from '../seed/demo-feed.js';

/** GET /demo/feed.xml and /demo/artwork.png (outside production only; the dev host decides). */
export function mountDemoFeed(app: FastifyInstance, ctx: AppContext): void {
  app.get(DEMO_FEED_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/rss+xml; charset=utf-8').send(demoFeedXml(ctx.config.publicUrl)),
  );
  app.get(DEMO_ARTWORK_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('image/png')
      .header('cache-control', 'public, max-age=3600')
      .send(await demoArtwork()),
  );
}
