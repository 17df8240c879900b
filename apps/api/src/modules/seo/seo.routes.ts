import { robotsTxt } from '@podpot/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import * as service from './seo.service.js';

/**
 * What search engines read beside the pages (issue 39): `/robots.txt` and `/sitemap.xml`, at the root
 * (not under /api/v1) and out of the OpenAPI document. Anyone may read them: both list public pages only.
 */
export const seoRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const robots = robotsTxt(ctx.config.publicUrl);
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(await service.getSitemap(ctx)),
  );
};
