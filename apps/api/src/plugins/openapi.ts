import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config/env.js';
import { API_PREFIX } from '../lib/http.js';

/**
 * The scopes a maker's personal API token needs for an operation (`METHOD` and the route's URL
 * without the prefix), or undefined when a token may not call it (decision 096).
 */
export type TokenScopesOf = (method: string, path: string) => readonly string[] | undefined;

/** OpenAPI 3.1 generated from the route schemas: /api/v1/openapi.json and a docs UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, config: Config, tokenScopesOf?: TokenScopesOf) {
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
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'pp_…',
            description:
              "A maker's personal API token (`Authorization: Bearer pp_…`), made on their tip jar's API tokens page: one tip jar, its scopes (tips:read, supporters:read, tipjar:manage), the operations that list it under `security` only, 60 requests a minute. Anything else answers a token 403 (decision 096).",
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const method = [input.route.method].flat()[0] ?? '';
      const path = input.url.startsWith(API_PREFIX) ? input.url.slice(API_PREFIX.length) : input.url;
      const scopes = tokenScopesOf?.(method, path);
      if (!scopes) return out;
      return { ...out, schema: { ...out.schema, security: [{ bearer: [] }, { apiToken: [...scopes] }] } };
    },
  });
  // staticCSP: the docs page sends its own policy with hashes for its inline scripts (helmet's would block them).
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
}
