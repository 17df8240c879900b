import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import type { Actor } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { passwordResetTokens, tipjarAdmins, tipjars, trustedDevices, users } from '../../db/schema/index.js';
import { likePattern, orderOf, type ParsedListQuery, windowOf } from '../../lib/list-query.js';
import { prepared } from '../../lib/prepared.js';
import { sessionsChanged } from '../../lib/session-cache.js';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export const USER_SORTABLE = ['email', 'firstName', 'lastName', 'role', 'created'] as const;
export type UserSortBy = (typeof USER_SORTABLE)[number];

const findActorStatement = prepared((db) =>
  db
    .select({
      id: users.id,
      role: users.role,
      tokenVersion: users.tokenVersion,
      twoStepEnabled: users.twoStepEnabled,
      archivedAt: users.archivedAt,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('find_actor'),
);

/**
 * A user row as an actor with their token version, which the token must carry to be accepted. An
 * archived user is no actor: their tokens stop working at once.
 */
export function actorOfUser(
  row: Pick<UserRow, 'id' | 'role' | 'tokenVersion' | 'twoStepEnabled' | 'archivedAt'> | undefined,
) {
  return row && !row.archivedAt
    ? { userId: row.id, role: row.role, tokenVersion: row.tokenVersion, twoStepEnabled: row.twoStepEnabled }
    : null;
}

const isUuid = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

/** Runs on every authenticated request, so the statement is built once per database handle. */
export async function findActor(
  db: Db,
  userId: string,
): Promise<(Actor & { tokenVersion: number; twoStepEnabled: boolean }) | null> {
  if (!isUuid(userId)) return null;
  const [row] = await findActorStatement(db).execute({ id: userId });
  return actorOfUser(row);
}

/**
 * The user with the tip jars they administer (not archived; as listTipjarRefs orders them), in one
 * statement built once: a round trip fewer than reading them apart (decision 020).
 */
const meStatement = prepared((db) =>
  db
    .select({
      ...getTableColumns(users),
      tipjars: sql<{ id: string; slug: string; name: string }[]>`coalesce((
        select json_agg(json_build_object('id', t.id, 'slug', t.slug, 'name', t.name) order by a.created, t.slug)
        from tipjar_admins a inner join tipjars t on t.id = a.tipjar_id
        where a.user_id = ${users}.id and t.archived_at is null
      ), '[]'::json)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('find_me_with_tipjars'),
);

/** `users/me`, read after every page load: the user and the tip jars they administer. */
export async function findMe(db: Db, userId: string) {
  if (!isUuid(userId)) return undefined;
  const [found] = await meStatement(db).execute({ id: userId });
  if (!found) return undefined;
  const { tipjars: refs, ...row } = found;
  return { row, tipjars: refs };
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Several users in one read (the charge run's batch of tippers); unknown ids are absent. */
export async function findUsersByIds(db: DbOrTx, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

/** The id (and language) of the user with this e-mail address, case-insensitively; archived ones too. */
export async function findUserIdByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id, locale: users.locale, archivedAt: users.archivedAt })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function findUserLocale(db: DbOrTx, id: string) {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, id));
  return row?.locale;
}

export async function insertUser(db: DbOrTx, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: DbOrTx, id: string, values: Partial<NewUserRow>): Promise<UserRow | undefined> {
  // Nothing to change (e.g. only unknown fields were sent): answer the row as it is.
  if (Object.values(values).every((v) => v === undefined)) return findUserById(db, id);
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  await sessionsChanged(db, id);
  return row;
}

/**
 * Sets a new password and raises the token version, which signs out every token issued before, ends
 * every reset link still unused and forgets every remembered device (two-step login, decision 036). Call it in a transaction: all of it or nothing. Answers the new
 * token version, or undefined when there is no such user.
 */
export async function replacePassword(
  tx: DbOrTx,
  id: string,
  passwordHash: string,
  now = new Date(),
): Promise<{ tokenVersion: number } | undefined> {
  const [row] = await tx
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id))
    .returning({ tokenVersion: users.tokenVersion });
  if (row) {
    await endResetLinks(tx, id, now);
    await tx.delete(trustedDevices).where(eq(trustedDevices.userId, id));
    await sessionsChanged(tx, id);
  }
  return row;
}

/** Marks every unused reset link of the user used: none of them sets a password any more. */
export async function endResetLinks(db: DbOrTx, userId: string, now = new Date()): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function deleteUser(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  await sessionsChanged(db, id);
  return rows.length > 0;
}

/**
 * Reads and locks a user until the surrounding transaction ends: password changes, resets, new reset
 * links and archiving of one user take turns, so none of them misses what another one just did.
 */
export async function lockUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/**
 * Archives a user (once: the first archive's time stays) and takes them off the tip jars they help
 * run; an archived tip jar keeps its admins as they were, for the record.
 */
export async function archiveUser(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ archivedAt: at })
    .where(and(eq(users.id, id), isNull(users.archivedAt)));
  await db
    .delete(tipjarAdmins)
    .where(
      and(
        eq(tipjarAdmins.userId, id),
        inArray(tipjarAdmins.tipjarId, db.select({ id: tipjars.id }).from(tipjars).where(isNull(tipjars.archivedAt))),
      ),
    );
  await sessionsChanged(db, id);
}

/** The tip jars (not archived) that this user is the only admin of. */
export async function listSoleAdminTipjars(db: DbOrTx, userId: string) {
  const others = db
    .select({ tipjarId: tipjarAdmins.tipjarId })
    .from(tipjarAdmins)
    .where(ne(tipjarAdmins.userId, userId));
  return db
    .select({ id: tipjars.id, slug: tipjars.slug, name: tipjars.name })
    .from(tipjarAdmins)
    .innerJoin(tipjars, eq(tipjars.id, tipjarAdmins.tipjarId))
    .where(and(eq(tipjarAdmins.userId, userId), isNull(tipjars.archivedAt), notInArray(tipjars.id, others)))
    .orderBy(tipjars.slug);
}

/** The tip jars each user administers (archived ones left out), in one query for a page of users (no N+1). */
export async function listTipjarRefs(db: DbOrTx, userIds: string[]) {
  const byUser = new Map<string, { id: string; slug: string; name: string }[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: tipjarAdmins.userId, id: tipjars.id, slug: tipjars.slug, name: tipjars.name })
    .from(tipjarAdmins)
    .innerJoin(tipjars, eq(tipjars.id, tipjarAdmins.tipjarId))
    .where(and(inArray(tipjarAdmins.userId, userIds), isNull(tipjars.archivedAt)))
    .orderBy(tipjarAdmins.created, tipjars.slug);
  for (const { userId, ...ref } of rows) {
    const list = byUser.get(userId) ?? [];
    list.push(ref);
    byUser.set(userId, list);
  }
  return byUser;
}

/** A page of users; archived ones are hidden, and `archived: true` lists only those. */
export async function listUsers(db: DbOrTx, query: ParsedListQuery<UserSortBy> & { archived?: boolean }) {
  const where = and(
    query.search
      ? or(
          ilike(users.email, likePattern(query.search)),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, likePattern(query.search)),
        )
      : undefined,
    query.archived ? isNotNull(users.archivedAt) : isNull(users.archivedAt),
  );
  const { offset, limit } = windowOf(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...orderOf(query, users, [desc(users.created)], users.id))
      .offset(offset)
      .limit(limit),
    db.select({ count: count() }).from(users).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

export async function countAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(users)
    .where(and(eq(users.role, 'ADMIN')));
  return row?.count ?? 0;
}

/**
 * Marks the user's address proven when it is still `email` and was not proven yet (decision 061).
 * Answers whether the account's address is `email` (proven now, or before).
 */
export async function markEmailVerified(db: DbOrTx, userId: string, email: string, at: Date): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({ emailVerifiedAt: at })
    .where(and(eq(users.id, userId), eq(users.email, email.toLowerCase()), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  if (row) {
    await sessionsChanged(db, userId);
    return true;
  }
  const [still] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.email, email.toLowerCase())));
  return still !== undefined;
}

/** The user's address is unproven (again): it just changed. */
export async function clearEmailVerified(db: DbOrTx, userId: string): Promise<void> {
  await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, userId));
  await sessionsChanged(db, userId);
}
