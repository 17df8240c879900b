import { canTransitionTipjar, type TipjarStatus } from '@podpot/domain';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { tipjarAdmins, tipjarInvitations, tipjars, users } from '../../db/schema/index.js';
import { likePattern, orderOf, type ParsedListQuery, windowOf } from '../../lib/list-query.js';
import { prepared } from '../../lib/prepared.js';
import { sessionsChanged } from '../../lib/session-cache.js';

/**
 * The only code touching tipjars, tipjar_admins and tipjar_invitations. Each write to tipjars drops the public caches
 * (the database handle's write hook, lib/public-cache.ts): a storefront's anonymous answer is read from its row. A change of a tip jar's
 * name, slug, archiving or admins drops the `users/me` answers it shows in (lib/session-cache.ts).
 */
export type TipjarRow = typeof tipjars.$inferSelect;
export const TIPJAR_SORTABLE = ['name', 'slug', 'status', 'type', 'created', 'updated'] as const;
export type TipjarSortBy = (typeof TIPJAR_SORTABLE)[number];

export async function findTipjar(db: DbOrTx, id: string) {
  const [row] = await db.select().from(tipjars).where(eq(tipjars.id, id));
  return row;
}

/** The tip jar that verified this normalised feed address (normalizeFeedUrl), if any. */
export async function findTipjarByVerifiedFeed(db: DbOrTx, feedUrl: string) {
  const [row] = await db.select({ id: tipjars.id }).from(tipjars).where(eq(tipjars.feedVerifiedUrl, feedUrl));
  return row;
}

export async function findTipjarBySlug(db: DbOrTx, slug: string) {
  const [row] = await db.select().from(tipjars).where(eq(tipjars.slug, slug));
  return row;
}

const bySlugStatement = prepared((db) =>
  db
    .select()
    .from(tipjars)
    .where(eq(tipjars.slug, sql.placeholder('slug')))
    .prepare('tipjar_by_slug'),
);

/** findTipjarBySlug outside a transaction, as a statement built once: the storefront's lookup. */
export async function readTipjarBySlug(db: Db, slug: string) {
  const [row] = await bySlugStatement(db).execute({ slug });
  return row;
}

/**
 * A page of tip jars: those `adminUserId` administers, or all. Archived tip jars are hidden (docs/money-rules.md
 * §9); `archived: true` lists only them instead (platform admins).
 */
export async function listTipjars(
  db: DbOrTx,
  query: ParsedListQuery<TipjarSortBy> & { archived?: boolean },
  adminUserId?: string,
) {
  const search = query.search
    ? or(
        ilike(tipjars.name, likePattern(query.search)),
        ilike(tipjars.slug, likePattern(query.search)),
        ilike(tipjars.contactEmail, likePattern(query.search)),
      )
    : undefined;
  const mine = adminUserId
    ? inArray(
        tipjars.id,
        db.select({ id: tipjarAdmins.tipjarId }).from(tipjarAdmins).where(eq(tipjarAdmins.userId, adminUserId)),
      )
    : undefined;
  const archived = query.archived ? isNotNull(tipjars.archivedAt) : isNull(tipjars.archivedAt);
  const where = and(search, mine, archived);
  const { offset, limit } = windowOf(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(tipjars)
      .where(where)
      .orderBy(...orderOf(query, tipjars, [desc(tipjars.created)], tipjars.id))
      .offset(offset)
      .limit(limit),
    db.select({ count: count() }).from(tipjars).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

/** Most tip jars an anonymous search answers per call: a search box, not a way to list every tip jar. */
export const PUBLIC_SEARCH_MAX = 20;

/**
 * The landing page's search: tippable tip jars (LIVE, active, not archived; as isTipjarTippable) whose
 * name or address contains `search`, by name. Never matches on private fields (contact e-mail).
 */
export async function searchTippableTipjars(db: DbOrTx, search: string, window: { skip: number; limit: number }) {
  const where = and(
    eq(tipjars.status, 'LIVE'),
    eq(tipjars.active, true),
    isNull(tipjars.archivedAt),
    or(ilike(tipjars.name, likePattern(search)), ilike(tipjars.slug, likePattern(search))),
  );
  const { offset, limit } = windowOf(window);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(tipjars)
      .where(where)
      .orderBy(asc(tipjars.name), asc(tipjars.id))
      .offset(offset)
      .limit(Math.min(limit, PUBLIC_SEARCH_MAX)),
    db.select({ count: count() }).from(tipjars).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

/**
 * A page of the tippable tip jars (LIVE, active, not archived; as isTipjarTippable) by address after
 * `afterSlug` (keyset: the slug's unique index): the sitemap walks them all, a page at a time.
 */
export async function listTippableTipjarsAfter(db: DbOrTx, afterSlug: string | null, limit: number) {
  return db
    .select({ id: tipjars.id, slug: tipjars.slug, updated: tipjars.updated })
    .from(tipjars)
    .where(
      and(
        eq(tipjars.status, 'LIVE'),
        eq(tipjars.active, true),
        isNull(tipjars.archivedAt),
        afterSlug === null ? undefined : gt(tipjars.slug, afterSlug),
      ),
    )
    .orderBy(asc(tipjars.slug))
    .limit(limit);
}

export async function insertTipjar(db: DbOrTx, values: typeof tipjars.$inferInsert) {
  const [row] = await db.insert(tipjars).values(values).returning();
  return row!;
}

export async function updateTipjar(
  db: DbOrTx,
  id: string,
  values: Partial<typeof tipjars.$inferInsert>,
  ifStatus?: TipjarStatus,
) {
  // An archived tip jar is never changed again (docs/money-rules.md §9).
  const [row] = await db
    .update(tipjars)
    .set(values)
    .where(and(eq(tipjars.id, id), isNull(tipjars.archivedAt), ifStatus ? eq(tipjars.status, ifStatus) : undefined))
    .returning();
  if (row && (values.name !== undefined || values.slug !== undefined || values.archivedAt !== undefined))
    await sessionsChanged(db, '*');
  return row;
}

export async function deleteTipjar(db: DbOrTx, id: string) {
  const rows = await db.delete(tipjars).where(eq(tipjars.id, id)).returning({ id: tipjars.id });
  await sessionsChanged(db, '*');
  return rows.length > 0;
}

/** Reads and locks a tip jar until the surrounding transaction ends (deleting or archiving it). */
export async function lockTipjar(db: DbOrTx, id: string) {
  const [row] = await db.select().from(tipjars).where(eq(tipjars.id, id)).for('update');
  return row;
}

/**
 * Reads a tip jar with a shared lock: archiving (which locks it for update) waits for the caller's
 * transaction, or the caller reads it archived. So nothing new lands on a tip jar being archived.
 */
export async function lockTipjarShared(db: DbOrTx, id: string) {
  const [row] = await db.select().from(tipjars).where(eq(tipjars.id, id)).for('share');
  return row;
}

/** Archives a tip jar (once: the first archive's time stays). */
/** Archives a tip jar; it lets go of its verified feed, which another tip jar may then verify. */
export async function archiveTipjar(db: DbOrTx, id: string, at: Date) {
  await db
    .update(tipjars)
    .set({ archivedAt: at, feedVerifiedUrl: null, feedVerifiedAt: null })
    .where(and(eq(tipjars.id, id), isNull(tipjars.archivedAt)));
  await sessionsChanged(db, '*');
}

/**
 * Moves a tip jar along the payment side of the status machine, if allowed from its current
 * status. Conditional on the status it read, so two concurrent moves cannot both win.
 */
export async function movePaymentStatus(db: DbOrTx, id: string, to: TipjarStatus): Promise<TipjarRow | undefined> {
  const current = await findTipjar(db, id);
  // An archived tip jar stays as it was: a late add-on payment does not bring it back.
  if (!current || current.status === to || current.archivedAt) return current;
  if (!canTransitionTipjar(current.status, to, 'payment')) return current;
  return updateTipjar(db, id, { status: to }, current.status);
}

/* ---------- admins ---------- */

export async function isTipjarAdmin(db: DbOrTx, tipjarId: string, userId: string) {
  const [row] = await db
    .select({ userId: tipjarAdmins.userId })
    .from(tipjarAdmins)
    .where(and(eq(tipjarAdmins.tipjarId, tipjarId), eq(tipjarAdmins.userId, userId)));
  return row !== undefined;
}

/** Makes the user an admin of the tip jar; false when they already were. */
export async function insertAdmin(db: DbOrTx, tipjarId: string, userId: string): Promise<boolean> {
  const rows = await db
    .insert(tipjarAdmins)
    .values({ tipjarId, userId })
    .onConflictDoNothing()
    .returning({ userId: tipjarAdmins.userId });
  await sessionsChanged(db, userId);
  return rows.length > 0;
}

export async function deleteAdmin(db: DbOrTx, tipjarId: string, userId: string) {
  const rows = await db
    .delete(tipjarAdmins)
    .where(and(eq(tipjarAdmins.tipjarId, tipjarId), eq(tipjarAdmins.userId, userId)))
    .returning({ userId: tipjarAdmins.userId });
  await sessionsChanged(db, userId);
  return rows.length > 0;
}

export async function countAdmins(db: DbOrTx, tipjarId: string) {
  const [row] = await db.select({ n: count() }).from(tipjarAdmins).where(eq(tipjarAdmins.tipjarId, tipjarId));
  return row?.n ?? 0;
}

export async function listAdmins(db: DbOrTx, tipjarIds: string[]) {
  const byTipjar = new Map<
    string,
    { id: string; email: string; firstName: string; lastName: string; locale: (typeof users.$inferSelect)['locale'] }[]
  >();
  if (tipjarIds.length === 0) return byTipjar;
  const rows = await db
    .select({
      tipjarId: tipjarAdmins.tipjarId,
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      locale: users.locale,
    })
    .from(tipjarAdmins)
    .innerJoin(users, eq(users.id, tipjarAdmins.userId))
    .where(inArray(tipjarAdmins.tipjarId, tipjarIds))
    .orderBy(asc(tipjarAdmins.created), asc(users.email));
  for (const { tipjarId, ...admin } of rows) {
    const list = byTipjar.get(tipjarId) ?? [];
    list.push(admin);
    byTipjar.set(tipjarId, list);
  }
  return byTipjar;
}

/** A tip jar's admins with their address and language: who is mailed about it (a new tip, a stopped feed). */
export async function listAdminRecipients(db: DbOrTx, tipjarId: string) {
  return db
    .select({ userId: users.id, email: users.email, locale: users.locale })
    .from(tipjarAdmins)
    .innerJoin(users, eq(users.id, tipjarAdmins.userId))
    .where(eq(tipjarAdmins.tipjarId, tipjarId));
}

/* ---------- invitations (decision 062) ---------- */

export type InvitationRow = typeof tipjarInvitations.$inferSelect;

/**
 * The tip jar's invitation of this address, new or renewed (a new token and expiry replace the old
 * ones, so an older link stops working). The address is matched case-insensitively. The caller holds
 * the tip jar's row lock, so two invitations of one address do not race (the unique index would refuse).
 */
export async function upsertInvitation(
  db: DbOrTx,
  values: Pick<InvitationRow, 'tipjarId' | 'email' | 'tokenHash' | 'invitedBy' | 'locale' | 'expiresAt'>,
): Promise<InvitationRow> {
  const [renewed] = await db
    .update(tipjarInvitations)
    .set({ ...values, created: new Date() })
    .where(
      and(
        eq(tipjarInvitations.tipjarId, values.tipjarId),
        sql`lower(${tipjarInvitations.email}) = ${values.email.toLowerCase()}`,
      ),
    )
    .returning();
  if (renewed) return renewed;
  const [row] = await db.insert(tipjarInvitations).values(values).returning();
  return row!;
}

/** Deletes every tip jar's invitations that expired by `now` (their links answer 'gone' already). */
export async function deleteAllExpiredInvitations(db: DbOrTx, now: Date): Promise<number> {
  const deleted = await db
    .delete(tipjarInvitations)
    .where(lte(tipjarInvitations.expiresAt, now))
    .returning({ id: tipjarInvitations.id });
  return deleted.length;
}

/** The tip jar's invitations that can still be accepted, oldest first. */
export async function listPendingInvitations(db: DbOrTx, tipjarId: string, now: Date) {
  return db
    .select()
    .from(tipjarInvitations)
    .where(and(eq(tipjarInvitations.tipjarId, tipjarId), sql`${tipjarInvitations.expiresAt} > ${now}`))
    .orderBy(asc(tipjarInvitations.created), asc(tipjarInvitations.email));
}

/** Forgets the tip jar's expired invitations (their addresses are kept no longer than needed). */
export async function deleteExpiredInvitations(db: DbOrTx, tipjarId: string, now: Date) {
  await db
    .delete(tipjarInvitations)
    .where(and(eq(tipjarInvitations.tipjarId, tipjarId), sql`${tipjarInvitations.expiresAt} <= ${now}`));
}

/** The invitation with this link token (expired or not), read and locked until the transaction ends. */
export async function lockInvitationByTokenHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select()
    .from(tipjarInvitations)
    .where(eq(tipjarInvitations.tokenHash, tokenHash))
    .for('update');
  return row;
}

/** The invitation with this link token and its tip jar's name (what the invitation page shows). */
export async function findInvitationByTokenHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ invitation: tipjarInvitations, tipjarName: tipjars.name, archivedAt: tipjars.archivedAt })
    .from(tipjarInvitations)
    .innerJoin(tipjars, eq(tipjars.id, tipjarInvitations.tipjarId))
    .where(eq(tipjarInvitations.tokenHash, tokenHash));
  return row;
}

/** Deletes one invitation of the tip jar; false when there was none (already accepted, declined or withdrawn). */
export async function deleteInvitation(db: DbOrTx, tipjarId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(tipjarInvitations)
    .where(and(eq(tipjarInvitations.tipjarId, tipjarId), eq(tipjarInvitations.id, id)))
    .returning({ id: tipjarInvitations.id });
  return rows.length > 0;
}
