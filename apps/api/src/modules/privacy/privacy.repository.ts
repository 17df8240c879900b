import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import {
  mailOutbox,
  passwordResetTokens,
  recurringTipCharges,
  recurringTips,
  refunds,
  tipjarAdmins,
  tipjars,
  tips,
  trustedDevices,
  userRecoveryCodes,
  users,
  userTwoStep,
} from '../../db/schema/index.js';

/** The only code that reads a person's data across tables for them, and that erases it (decision 037). */

/**
 * A tip is the person's when it is linked to their account (given while signed in, or linked once their
 * address was proven: linkProvenTips) or is a month of their monthly tip. Never merely because it was
 * given with the address the account claims (decision 061).
 */
function tipsOf(userId: string, monthlyTipIds: string[]) {
  const linked = eq(tips.userId, userId);
  return monthlyTipIds.length > 0 ? or(linked, inArray(tips.recurringTipId, monthlyTipIds))! : linked;
}

/**
 * Links the tips given without an account with the user's address, once that address is proven theirs
 * (decision 061): then they are the person's records, in the export and in an erasure. Tips linked to
 * another account stay that account's. Does nothing while the address is unproven. Answers how many.
 */
export async function linkProvenTips(db: DbOrTx, userId: string): Promise<number> {
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.emailVerifiedAt), isNull(users.archivedAt)));
  if (!user) return 0;
  const linked = await db
    .update(tips)
    // Kept as it was: linking is no change the maker's lists should show as one.
    .set({ userId, updated: sql`${tips.updated}` })
    .where(and(isNull(tips.userId), sql`lower(${tips.email}) = ${user.email.toLowerCase()}`))
    .returning({ id: tips.id });
  return linked.length;
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
      .where(tipsOf(userId, monthlyTipIds))
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
 * lose name, message and address; reset links go. Their mail that waits in the outbox, or was sent, is
 * deleted: all mail to the address when the account proved it, otherwise only the mail about the
 * account and its own records — an unproven address may be someone else's, whose mail is theirs
 * (decision 061). The caller holds the user's row lock, inside the transaction that archives the account.
 */
export async function erasePersonalData(
  tx: Tx,
  user: { id: string; email: string; emailVerifiedAt: Date | null },
): Promise<void> {
  const placeholder = `erased-${user.id}@erased.invalid`;
  const monthlyTipIds = (
    await tx.select({ id: recurringTips.id }).from(recurringTips).where(eq(recurringTips.userId, user.id))
  ).map((m) => m.id);
  const erased = await tx
    .update(tips)
    .set({ email: placeholder, displayName: null, message: '', messageShown: false })
    .where(tipsOf(user.id, monthlyTipIds))
    .returning({ id: tips.id });
  if (monthlyTipIds.length > 0) {
    await tx
      .update(recurringTips)
      .set({ displayName: null, message: '', mandateToken: null })
      .where(inArray(recurringTips.id, monthlyTipIds));
  }
  // Their mail, and the makers' "new tip" mails, which named them. A mail's dedupe key names its cause
  // second (`tip-receipt:<tip>`, `charge-paid:<month>`, `tip-refund:<refund>`, `monthly-tip-ended:<monthly
  // tip>`, `password-changed:<user>:…`): the causes that are the account's own records.
  const notices = erased.map((t) => `tip-notify:${t.id}:`);
  const erasedIds = erased.map((t) => t.id);
  const [months, refunded] = await Promise.all([
    monthlyTipIds.length === 0
      ? []
      : tx
          .select({ id: recurringTipCharges.id })
          .from(recurringTipCharges)
          .where(inArray(recurringTipCharges.recurringTipId, monthlyTipIds)),
    erasedIds.length === 0 ? [] : tx.select({ id: refunds.id }).from(refunds).where(inArray(refunds.tipId, erasedIds)),
  ]);
  const own = [user.id, ...monthlyTipIds, ...erasedIds, ...months.map((m) => m.id), ...refunded.map((r) => r.id)];
  const toThem = sql`lower(${mailOutbox.recipient}) = ${user.email.toLowerCase()}`;
  await tx
    .delete(mailOutbox)
    .where(
      or(
        user.emailVerifiedAt ? toThem : and(toThem, inArray(sql`split_part(${mailOutbox.dedupeKey}, ':', 2)`, own)),
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
      emailVerifiedAt: null,
    })
    .where(eq(users.id, user.id));
}
