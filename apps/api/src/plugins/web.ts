import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@podpot/domain';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.js';
import { sendError } from './error-handler.js';

const DEFAULT_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/**
 * Serves the built single-page app: hashed assets with long caching, every other GET that is
 * not an API or simulator path gets index.html so the client router can answer (including its 404 page).
 */
export async function registerWeb(app: FastifyInstance, config: Config) {
  const root = path.resolve(config.WEB_DIST ?? DEFAULT_DIST);
  const hasWeb = existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  } else {
    app.log.warn({ root }, 'web app not built: only the API is served (run `npm run build`)');
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url.startsWith('/api/') || url.startsWith('/sim/opp/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(reply, 404, ErrorCode.NotFound, `Route ${request.method} ${url.split('?')[0]} not found`);
  });
}
