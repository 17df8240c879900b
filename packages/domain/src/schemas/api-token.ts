import { z } from 'zod';
import { singleLineText } from './fields.js';

/**
 * Personal API tokens of a maker (issue 41, decision 096): a token acts for ONE tip jar its maker
 * administers, with the scopes chosen when it was made, on the /api/v1 calls of that tip jar listed in
 * the API's allow-list (modules/api-tokens/api-tokens.scopes.ts). Shown once; only its SHA-256 is kept.
 */

/** What a token may do: read tips, read monthly supporters (and statistics), change the tip jar's settings. */
export const API_TOKEN_SCOPES = ['tips:read', 'supporters:read', 'tipjar:manage'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Every token starts with this: `Authorization: Bearer pp_…` tells it from a session's JWT. */
export const API_TOKEN_PREFIX = 'pp_';
/** Tokens a tip jar may have that are not revoked (each is a credential to keep track of). */
export const MAX_API_TOKENS_PER_TIPJAR = 20;
/** The lifetimes a maker may choose, in days; none = until revoked. */
export const API_TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;

/** POST tipjars/{id}/tokens. */
export const CreateApiTokenBodySchema = z.object({
  name: singleLineText(60).min(1, { message: 'required' }),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES))
    .min(1, { message: 'required' })
    .max(API_TOKEN_SCOPES.length)
    .refine((s) => new Set(s).size === s.length, { message: 'invalid' }),
  /** Days until it stops working (30, 90 or 365); absent: until revoked. */
  expiresInDays: z
    .number()
    .int()
    .refine((d) => (API_TOKEN_EXPIRY_DAYS as readonly number[]).includes(d), { message: 'invalid' })
    .optional(),
});
export type CreateApiTokenBody = z.infer<typeof CreateApiTokenBodySchema>;

/** A token as its tip jar's admins see it: never the token itself, only its first characters. */
export const ApiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  /** The token's first characters (`pp_AbCd`), to tell it apart. */
  prefix: z.string(),
  /** Who made it (a tip jar can have several admins). */
  createdBy: z.string(),
  created: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;
export const ApiTokenListSchema = z.object({ data: z.array(ApiTokenSchema) });
export type ApiTokenList = z.infer<typeof ApiTokenListSchema>;

/** The answer of POST tipjars/{id}/tokens: the token itself, in this answer only. */
export const CreatedApiTokenSchema = ApiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;
