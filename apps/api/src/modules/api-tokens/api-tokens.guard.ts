import { API_TOKEN_PREFIX, ErrorCode } from '@podpot/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { API_PREFIX } from '../../lib/http.js';
import type { LimitStore } from '../../lib/rate-limit.js';
import type { AuthOptions } from '../../plugins/auth.js';
import { type TokenOperation, tokenOperation } from './api-tokens.scopes.js';
import { grantOf, noteUse } from './api-tokens.service.js';

/** The window of a token's request limit (API_TOKEN_RATE_LIMIT_PER_MINUTE requests in it). */
const WINDOW_MS = 60_000;

/** For the auth plugin: how it tells and looks up a personal API token. */
export function apiTokenAuth(ctx: AppContext): NonNullable<AuthOptions['apiTokens']> {
  return { prefix: API_TOKEN_PREFIX, find: (token) => grantOf(ctx, token) };
}

/** The operation a request is to, as the allow-list names it (no prefix), or undefined outside the API. */
function operationPath(request: FastifyRequest): string | undefined {
  const url = request.routeOptions.url;
  return url?.startsWith(`${API_PREFIX}/`) ? url.slice(API_PREFIX.length) : undefined;
}

/**
 * What a personal API token may do, checked before anything else of the request runs (decision 096):
 * a token that grants nothing is a 401; then every use counts against the token's limit per minute
 * (429 with Retry-After, in the app's limit store: Redis when configured); then the operation must be
 * in the allow-list (api-tokens.scopes.ts), the token must hold one of its scopes, and `:id` must be
 * the token's own tip jar — else 403 with the reason. A body may only hold the fields the rule lists
 * (checked once it is parsed). Requests without such a token pass untouched.
 */
export function registerApiTokenGuard(app: FastifyInstance, ctx: AppContext, limits: LimitStore): void {
  const tally = limits.tally('api-token', WINDOW_MS);
  const allowed = new WeakMap<FastifyRequest, TokenOperation>();

  app.addHook('onRequest', async (request, reply) => {
    const path = operationPath(request);
    if (path === undefined || !request.headers.authorization?.includes(API_TOKEN_PREFIX)) return;
    const grant = await request.apiToken();
    if (!grant) return;
    if ((await tally.add(grant.tokenId)) > ctx.config.API_TOKEN_RATE_LIMIT_PER_MINUTE) {
      reply.header('retry-after', String(WINDOW_MS / 1000));
      throw AppError.because(ErrorCode.RateLimited, 'apiTokenRateLimited');
    }
    const operation = tokenOperation(request.method, path);
    if (!operation) throw AppError.because(ErrorCode.Forbidden, 'apiTokenOperation');
    if (!operation.scopes.some((scope) => grant.scopes.includes(scope))) {
      throw AppError.because(ErrorCode.Forbidden, 'apiTokenScope', { params: { scopes: operation.scopes.join(', ') } });
    }
    const tipjarId = (request.params as { id?: unknown }).id;
    if (typeof tipjarId !== 'string' || tipjarId.toLowerCase() !== grant.tipjarId) {
      throw AppError.because(ErrorCode.Forbidden, 'apiTokenTipjar');
    }
    if (operation.dataFields) allowed.set(request, operation);
    noteUse(ctx, grant);
  });

  app.addHook('preValidation', async (request) => {
    const operation = allowed.get(request);
    if (!operation?.dataFields) return;
    const data = (request.body as { data?: unknown } | undefined)?.data;
    if (typeof data !== 'object' || data === null) return;
    const refused = Object.keys(data).filter((field) => !operation.dataFields!.includes(field));
    if (refused.length > 0) {
      throw AppError.because(ErrorCode.Forbidden, 'apiTokenFields', { params: { fields: refused.join(', ') } });
    }
  });
}
