import { DEFAULT_LOCALE, LOCALES } from '@podpot/domain/locale';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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
     * every token issued before (docs/domain-rules.md §12).
     */
    tokenVersion: integer().notNull().default(0),
    /**
     * Two-step login (TOTP) is set up and confirmed: the password alone no longer signs in, and a
     * platform admin may act as one (decision 036). The secrets are in `user_two_step`.
     */
    twoStepEnabled: boolean().notNull().default(false),
    /**
     * When the address was proven to be the user's: a confirmation link mailed to it was opened, or a
     * reset link mailed to it was used (decision 061). Null until then, and again after it changes.
     */
    emailVerifiedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** Archived users are hidden and cannot log in; their money records stay for the books (docs/money-rules.md §9). */
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

/**
 * A user's TOTP secret (decision 036), encrypted with a key derived from the server's secret: read only
 * by the two-step module, never by a user answer. `pendingSecret` is a setup not yet confirmed.
 */
export const userTwoStep = pgTable('user_two_step', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text(),
  pendingSecret: text(),
  enabledAt: timestamp({ withTimezone: true, mode: 'date' }),
  /** The last accepted TOTP time step: a code of that step or an older one is refused (no replay). */
  lastStep: bigint({ mode: 'number' }),
  created: created(),
});

/** Single-use recovery codes of two-step login; only the SHA-256 of a code is stored. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true, mode: 'date' }),
    created: created(),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
);

/** "Remember this device for 30 days": the SHA-256 of a device token that lets the password step skip the code. */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    created: created(),
  },
  (t) => [
    uniqueIndex('trusted_devices_token_hash_key').on(t.tokenHash),
    index('trusted_devices_user_idx').on(t.userId),
  ],
);
