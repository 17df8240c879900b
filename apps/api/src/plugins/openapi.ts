import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config/env.js';
import { API_PREFIX } from '../lib/http.js';

/** OpenAPI 3.1 generated from the route schemas: /api/v1/openapi.json and a docs UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${config.BRAND_NAME} API`,
        version: '1.0.0',
        description:
          'Tipping platform API. Lists answer `{data, metadata: {count}}` and take `skip`, `limit`, `sortBy`, `sortDesc`, `search`. ' +
          "`limit` is the exclusive END of the window (rows skip … limit-1, at most 1000), matching the web client's " +
          'paging conversion (skip = page × itemsPerPage − itemsPerPage, limit = page × itemsPerPage). Amounts are integer euro cents.',
      },
      servers: [{ url: API_PREFIX }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // staticCSP: the docs page sends its own policy with hashes for its inline scripts (helmet's would block them).
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
}
