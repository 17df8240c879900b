import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { created, id } from './columns.js';
import { tipjars } from './tipjars.js';
import { users } from './users.js';

/**
 * A maker's personal API token (migration 0037, decision 096): it acts as `userId` for `tipjarId`
 * only, within `scopes` ('tips:read' | 'supporters:read' | 'tipjar:manage'). Only the SHA-256 of the
 * token is kept; `prefix` is its first characters, to tell tokens apart. Revoking sets `revokedAt`
 * (the row stays, so the list shows when); `lastUsedAt` is written at most once a minute per token.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tipjarId: uuid()
      .notNull()
      .references(() => tipjars.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    scopes: text().array().notNull(),
    /** base64url SHA-256 of the whole token. */
    tokenHash: text().notNull(),
    prefix: text().notNull(),
    lastUsedAt: timestamp({ withTimezone: true, mode: 'date' }),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }),
    revokedAt: timestamp({ withTimezone: true, mode: 'date' }),
    created: created(),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_idx').on(t.tokenHash),
    index('api_tokens_tipjar_idx').on(t.tipjarId, t.created),
    index('api_tokens_user_idx').on(t.userId),
    check(
      'api_tokens_scopes_check',
      sql`cardinality(${t.scopes}) > 0 and ${t.scopes} <@ array['tips:read','supporters:read','tipjar:manage']::text[]`,
    ),
  ],
);
