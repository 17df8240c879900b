import type { ApiTokenScope } from '@podpot/domain';

/**
 * The one table of what a personal API token may call (decision 096): an operation not in it answers
 * a token 403, whatever the token's scopes and whoever made it (a platform admin's token too). Every
 * operation here is of ONE tip jar, named by `:id`; a token only ever reaches its own tip jar. Kept
 * short on purpose: reads an integration needs, and the storefront settings — never money (refunds,
 * payments, payouts), accounts, admins, tokens or the tip jar's identity.
 */
export interface TokenOperation {
  /** A token needs one of these scopes. */
  scopes: readonly ApiTokenScope[];
  /**
   * For a body `{data: {...}}`: the only fields a token may send (the rest need a signed-in maker).
   * Absent: the operation takes no body.
   */
  dataFields?: readonly string[];
}

/** The storefront settings a `tipjar:manage` token may change: what tippers see, not who the maker is. */
const STOREFRONT_SETTINGS = [
  'name',
  'description',
  'podcastUrl',
  'imageUrl',
  'presetAmounts',
  'thankYouMessage',
  'notifyOnTip',
  'goal',
] as const;

/** `METHOD path` as the routes write it, without the /api/v1 prefix. */
export const TOKEN_OPERATIONS: Readonly<Record<string, TokenOperation>> = {
  'GET /tipjars/:id/tips': { scopes: ['tips:read'] },
  'GET /tipjars/:id/tips/export': { scopes: ['tips:read'] },
  'GET /tipjars/:id/tips/:tipId': { scopes: ['tips:read'] },
  'GET /tipjars/:id/recurringtips': { scopes: ['supporters:read'] },
  'GET /tipjars/:id/recurringtips/export': { scopes: ['supporters:read'] },
  'GET /tipjars/:id/recurringtips/:tipId': { scopes: ['supporters:read'] },
  'GET /tipjars/:id/statistics': { scopes: ['tips:read', 'supporters:read'] },
  'GET /tipjars/:id': { scopes: ['tipjar:manage'] },
  'PUT /tipjars/:id': { scopes: ['tipjar:manage'], dataFields: STOREFRONT_SETTINGS },
};

/** The rule of a route (HEAD as its GET), or undefined: not for tokens. */
export function tokenOperation(method: string, path: string): TokenOperation | undefined {
  return TOKEN_OPERATIONS[`${method === 'HEAD' ? 'GET' : method} ${path}`];
}
