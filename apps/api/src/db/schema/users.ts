import { DEFAULT_LOCALE, LOCALES } from '@podpot/domain/locale';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { created, id, updated } from './columns.js';

export interface AddressColumn {
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  country: string;
}

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Always stored lower-case. */
    email: text().notNull(),
    passwordHash: text().notNull(),
    role: text({ enum: ['ADMIN', 'USER'] })
      .notNull()
      .default('USER'),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phoneNumber: text(),
    address: jsonb().$type<AddressColumn>(),
    locale: text({ enum: LOCALES }).notNull().default(DEFAULT_LOCALE),
    /**
     * Every access token carries this number; a password reset or change raises it, which signs out
     * every token issued before (DESIGN.md §4).
     */
    tokenVersion: integer().notNull().default(0),
    /** Archived users are hidden and cannot log in; their money records stay for the books (DESIGN.md §4.9). */
    archivedAt: timestamp({ withTimezone: true, mode: 'date' }),
    created: created(),
    updated: updated(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_search_idx').using('btree', sql`lower(${t.firstName} || ' ' || ${t.lastName})`),
  ],
);

/** Single-use password reset tokens; only the SHA-256 of the token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp({ withTimezone: true, mode: 'date' }),
    created: created(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash), index().on(t.userId)],
);
