import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { apiTokens, tipjarAdmins, tipjars, users } from '../../db/schema/index.js';

export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type NewApiTokenRow = typeof apiTokens.$inferInsert;

/** A tip jar's tokens with their makers' e-mail addresses, newest first (revoked ones too: the list shows when). */
export function listForTipjar(db: DbOrTx, tipjarId: string) {
  return db
    .select({ token: apiTokens, createdBy: users.email })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tipjarId, tipjarId))
    .orderBy(desc(apiTokens.created), desc(apiTokens.id))
    .limit(200);
}

/** One token with its maker's e-mail address. */
export async function findWithMaker(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ token: apiTokens, createdBy: users.email })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.id, id));
  return row;
}

/** Tokens of a tip jar that still work or could (not revoked, not expired). */
export async function countLive(db: DbOrTx, tipjarId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.tipjarId, tipjarId),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)),
      ),
    );
  return row?.n ?? 0;
}

export async function insert(db: DbOrTx, row: NewApiTokenRow): Promise<ApiTokenRow> {
  const [created] = await db.insert(apiTokens).values(row).returning();
  return created!;
}

/** A token of the tip jar, locked until the transaction ends (a revocation reads it first); undefined when none. */
export async function findInTipjar(tx: Tx, tipjarId: string, id: string): Promise<ApiTokenRow | undefined> {
  const [row] = await tx
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.tipjarId, tipjarId)))
    .for('update');
  return row;
}

/** Revokes a token of the tip jar (again: keeps the first time); undefined when it is no token of it. */
export async function revoke(db: DbOrTx, tipjarId: string, id: string): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: sql`coalesce(${apiTokens.revokedAt}, now())` })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.tipjarId, tipjarId)))
    .returning();
  return row;
}

/**
 * What a token hash grants: its token, if not revoked nor expired, whose maker still exists and
 * still administers its tip jar, which is not archived. One statement per request of a token.
 */
export async function findGrant(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: apiTokens.id,
      userId: apiTokens.userId,
      tipjarId: apiTokens.tipjarId,
      scopes: apiTokens.scopes,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .innerJoin(users, and(eq(users.id, apiTokens.userId), isNull(users.archivedAt)))
    .innerJoin(tipjars, and(eq(tipjars.id, apiTokens.tipjarId), isNull(tipjars.archivedAt)))
    .innerJoin(
      tipjarAdmins,
      and(eq(tipjarAdmins.tipjarId, apiTokens.tipjarId), eq(tipjarAdmins.userId, apiTokens.userId)),
    )
    .where(
      and(
        eq(apiTokens.tokenHash, tokenHash),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)),
      ),
    );
  return row;
}

/** Records a use, unless one was recorded less than `seconds` ago (by this or another process). */
export async function touch(db: DbOrTx, id: string, seconds: number): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiTokens.id, id),
        or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, sql`now() - make_interval(secs => ${seconds})`)),
      ),
    );
}

/** Whether the user is one of the tip jar's own admins (a platform admin is not, by being one). */
export async function administers(db: DbOrTx, tipjarId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: tipjarAdmins.userId })
    .from(tipjarAdmins)
    .where(and(eq(tipjarAdmins.tipjarId, tipjarId), eq(tipjarAdmins.userId, userId)));
  return row !== undefined;
}
