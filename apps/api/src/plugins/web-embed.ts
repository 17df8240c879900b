import type { FastifyInstance, FastifyReply } from 'fastify';

/*
 * The tip widget's two answers that leave this origin's usual rules (decision 094): the loader script
 * `/embed.js`, which any site loads, and a tip jar's embed page `/{slug}/embed`, which any site may
 * frame. Every other page keeps frame-ancestors 'none' and X-Frame-Options.
 */

/** The loader's address (the web build writes it: apps/web vite.config.ts embedLoader). */
export const EMBED_LOADER_PATH = '/embed.js';

/**
 * The loader's address never changes (a maker's page names it), so it is not cached for a year like the
 * hashed assets: an hour fresh, then a day of being used while it is checked again. Other sites load it
 * as a script, which the page's Cross-Origin-Resource-Policy: same-origin would block.
 */
export function registerEmbedLoaderHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.split('?')[0] === EMBED_LOADER_PATH && reply.statusCode === 200) {
      reply.header('cache-control', 'public, max-age=3600, stale-while-revalidate=86400');
      reply.header('cross-origin-resource-policy', 'cross-origin');
      reply.header('access-control-allow-origin', '*');
    }
    return payload;
  });
}

/** The embed page: framed by any site (CSP frame-ancestors *, no X-Frame-Options), the rest of its CSP kept. */
export function allowFraming(reply: FastifyReply): void {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string') {
    reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
  }
  reply.removeHeader('x-frame-options');
  reply.header('cross-origin-resource-policy', 'cross-origin');
}
