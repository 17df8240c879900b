import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { trustedDevices, userRecoveryCodes, users, userTwoStep } from '../../db/schema/index.js';
import { sessionsChanged } from '../../lib/session-cache.js';

export async function findTwoStep(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(userTwoStep).where(eq(userTwoStep.userId, userId));
  return row;
}

/** Starts (or restarts) a setup: a pending secret, the confirmed one (if any) untouched. */
export async function savePendingSecret(db: DbOrTx, userId: string, pendingSecret: string): Promise<void> {
  await db
    .insert(userTwoStep)
    .values({ userId, pendingSecret })
    .onConflictDoUpdate({ target: userTwoStep.userId, set: { pendingSecret } });
}

export type SecretColumn = 'secret' | 'pendingSecret';

/**
 * Stores a secret again, encrypted under another key (decision 045), unless it changed meanwhile (a new
 * setup, two-step login turned off): the update matches the value that was read.
 */
export async function replaceSecret(
  db: DbOrTx,
  userId: string,
  which: SecretColumn,
  read: string,
  replacement: string,
): Promise<void> {
  await db
    .update(userTwoStep)
    .set({ [which]: replacement })
    .where(and(eq(userTwoStep.userId, userId), eq(userTwoStep[which], read)));
}

/**
 * Turns two-step login on with the pending secret, the confirming code's step as the last one used,
 * and raises the token version: every other session of the user ends (they never passed a second step).
 */
export async function enableTwoStep(db: DbOrTx, userId: string, secret: string, step: number) {
  await db
    .update(userTwoStep)
    .set({ secret, pendingSecret: null, enabledAt: new Date(), lastStep: step })
    .where(eq(userTwoStep.userId, userId));
  const [row] = await db
    .update(users)
    .set({ twoStepEnabled: true, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ tokenVersion: users.tokenVersion });
  await sessionsChanged(db, userId);
  return row;
}

/** Turns two-step login off: secret, recovery codes and remembered devices go. */
export async function disableTwoStep(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(userTwoStep).where(eq(userTwoStep.userId, userId));
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await revokeDevices(db, userId);
  await db.update(users).set({ twoStepEnabled: false }).where(eq(users.id, userId));
  await sessionsChanged(db, userId);
}

/**
 * Records `step` as used when it is later than the last one: false when that step (or a later one)
 * was used before — the same code twice never signs in twice, even at once.
 */
export async function useStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(userTwoStep)
    .set({ lastStep: step })
    .where(and(eq(userTwoStep.userId, userId), or(isNull(userTwoStep.lastStep), lt(userTwoStep.lastStep, step))))
    .returning({ userId: userTwoStep.userId });
  return rows.length > 0;
}

/** Replaces the user's recovery codes (hashes) with new ones. */
export async function replaceRecoveryCodes(db: DbOrTx, userId: string, hashes: string[]): Promise<void> {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await db.insert(userRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

export async function unusedRecoveryCodes(db: DbOrTx, userId: string) {
  return db
    .select({ id: userRecoveryCodes.id, codeHash: userRecoveryCodes.codeHash })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return row?.count ?? 0;
}

/** Uses a recovery code up; false when it was used meanwhile (it works once, even at once). */
export async function useRecoveryCode(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(userRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(userRecoveryCodes.id, id), isNull(userRecoveryCodes.usedAt)))
    .returning({ id: userRecoveryCodes.id });
  return rows.length > 0;
}

export async function insertDevice(db: DbOrTx, userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insert(trustedDevices).values({ userId, tokenHash, expiresAt });
}

/** Whether the device token (hash) is remembered for this user and has not expired. */
export async function isTrustedDevice(db: DbOrTx, userId: string, tokenHash: string, now = new Date()) {
  const [row] = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.userId, userId),
        eq(trustedDevices.tokenHash, tokenHash),
        gt(trustedDevices.expiresAt, now),
      ),
    );
  return Boolean(row);
}

/** Forgets every remembered device of the user (two-step login off, a new password). */
export async function revokeDevices(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
}
