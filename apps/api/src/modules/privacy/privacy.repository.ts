import { randomBytes } from 'node:crypto';
import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import {
  mailOutbox,
  passwordResetTokens,
  recurringTipCharges,
  recurringTips,
  tipjarAdmins,
  tipjars,
  tips,
  trustedDevices,
  userRecoveryCodes,
  users,
  userTwoStep,
} from '../../db/schema/index.js';

/** The only code that reads a person's data across tables for them, and that erases it (decision 037). */

/** A tip is the person's when it was given with their address, or is a month of their monthly tip. */
function tipsOf(email: string, monthlyTipIds: string[]) {
  const byAddress = sql`lower(${tips.email}) = ${email.toLowerCase()}`;
  return monthlyTipIds.length > 0 ? or(byAddress, inArray(tips.recurringTipId, monthlyTipIds))! : byAddress;
}

/** Everything we hold about one user, as plain rows (no secrets: no password hash, mandate token or idempotency data). */
export async function readPersonalData(db: DbOrTx, userId: string) {
  const [profile] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phoneNumber: users.phoneNumber,
      address: users.address,
      locale: users.locale,
      role: users.role,
      created: users.created,
      updated: users.updated,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!profile) return undefined;
  const monthlyTips = await db
    .select({
      id: recurringTips.id,
      tipjar: tipjars.name,
      tipjarSlug: tipjars.slug,
      amount: recurringTips.amount,
      status: recurringTips.status,
      mandateStatus: recurringTips.mandateStatus,
      paymentMethod: recurringTips.paymentMethod,
      privacy: recurringTips.privacy,
      displayName: recurringTips.displayName,
      message: recurringTips.message,
      created: recurringTips.created,
      cancelledAt: recurringTips.cancelledAt,
    })
    .from(recurringTips)
    .innerJoin(tipjars, eq(tipjars.id, recurringTips.tipjarId))
    .where(eq(recurringTips.userId, userId))
    .orderBy(asc(recurringTips.created));
  const monthlyTipIds = monthlyTips.map((m) => m.id);
  const [given, charges, administered] = await Promise.all([
    db
      .select({
        id: tips.id,
        tipjar: tipjars.name,
        tipjarSlug: tipjars.slug,
        amount: tips.amount,
        fee: tips.fee,
        refundedAmount: tips.refundedAmount,
        status: tips.status,
        privacy: tips.privacy,
        displayName: tips.displayName,
        message: tips.message,
        messageShown: tips.messageShown,
        email: tips.email,
        paymentMethod: tips.paymentMethod,
        monthlyTipId: tips.recurringTipId,
        created: tips.created,
        completedAt: tips.completedAt,
      })
      .from(tips)
      .innerJoin(tipjars, eq(tipjars.id, tips.tipjarId))
      .where(tipsOf(profile.email, monthlyTipIds))
      .orderBy(asc(tips.created)),
    monthlyTipIds.length === 0
      ? []
      : db
          .select({
            monthlyTipId: recurringTipCharges.recurringTipId,
            period: recurringTipCharges.period,
            amount: recurringTipCharges.amount,
            attempt: recurringTipCharges.attempt,
            status: recurringTipCharges.status,
            tipId: recurringTipCharges.tipId,
          })
          .from(recurringTipCharges)
          .where(inArray(recurringTipCharges.recurringTipId, monthlyTipIds))
          .orderBy(asc(recurringTipCharges.period), asc(recurringTipCharges.attempt)),
    db
      .select({
        id: tipjars.id,
        slug: tipjars.slug,
        name: tipjars.name,
        status: tipjars.status,
        archivedAt: tipjars.archivedAt,
      })
      .from(tipjarAdmins)
      .innerJoin(tipjars, eq(tipjars.id, tipjarAdmins.tipjarId))
      .where(eq(tipjarAdmins.userId, userId))
      .orderBy(asc(tipjars.slug)),
  ]);
  return { profile, tips: given, monthlyTips, charges, tipjars: administered };
}

export type PersonalData = NonNullable<Awaited<ReturnType<typeof readPersonalData>>>;

/**
 * Removes what identifies a person, keeping the money records the law keeps (decision 037): the account
 * gets an address no one can own or receive mail at, no name, phone, address or usable password, and
 * every token it held stops working; their tips and monthly tips keep amounts, dates and statuses but
 * lose name, message and address; mail to them that waits in the outbox, or was sent, is deleted; reset
 * links go. The caller holds the user's row lock, inside the transaction that archives the account.
 */
export async function erasePersonalData(tx: Tx, user: { id: string; email: string }): Promise<void> {
  const placeholder = `erased-${user.id}@erased.invalid`;
  const monthlyTipIds = (
    await tx.select({ id: recurringTips.id }).from(recurringTips).where(eq(recurringTips.userId, user.id))
  ).map((m) => m.id);
  const erased = await tx
    .update(tips)
    .set({ email: placeholder, displayName: null, message: '', messageShown: false })
    .where(tipsOf(user.email, monthlyTipIds))
    .returning({ id: tips.id });
  if (monthlyTipIds.length > 0) {
    await tx
      .update(recurringTips)
      .set({ displayName: null, message: '', mandateToken: null })
      .where(inArray(recurringTips.id, monthlyTipIds));
  }
  // Their mail, and the makers' "new tip" mails, which named them.
  const notices = erased.map((t) => `tip-notify:${t.id}:`);
  await tx
    .delete(mailOutbox)
    .where(
      or(
        sql`lower(${mailOutbox.recipient}) = ${user.email.toLowerCase()}`,
        notices.length > 0 ? inArray(sql`left(${mailOutbox.dedupeKey}, 48)`, notices) : sql`false`,
      ),
    );
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
  // Two-step login's secret, recovery codes and remembered devices go too (decision 036).
  await tx.delete(userTwoStep).where(eq(userTwoStep.userId, user.id));
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id));
  await tx.delete(trustedDevices).where(eq(trustedDevices.userId, user.id));
  await tx
    .update(users)
    .set({
      email: placeholder,
      firstName: '',
      lastName: '',
      phoneNumber: null,
      address: null,
      // Not a hash of anything: no password can match it.
      passwordHash: `erased:${randomBytes(16).toString('hex')}`,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      twoStepEnabled: false,
    })
    .where(eq(users.id, user.id));
}
