import { type EraseAccountBody, ErrorCode } from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { toCsv } from '../../lib/csv.js';
import { recordAudit } from '../audit/audit.service.js';
import { cancelMonthlyTipsOf, revokeCancelledMandates } from '../recurring-tips/recurring-tips.cancel.js';
import {
  markEmailProven,
  queueEmailConfirmationMail,
  readEmailConfirmation,
} from '../users/users.email-confirmation.js';
import * as usersQueries from '../users/users.queries.js';
import { verifyPassword } from '../users/users.service.js';
import { erasePersonalData, linkProvenTips, type PersonalData, readPersonalData } from './privacy.repository.js';

/**
 * A person's rights over their data (issue 15, decision 037): a copy of everything we hold about them,
 * and erasure — the person goes, the money records the law keeps stay without them.
 */

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : '');

/** The CSV files of the archive, one per kind of record (the same facts as data.json). */
function csvFiles(data: PersonalData): Record<string, string> {
  const p = data.profile;
  return {
    'profile.csv': toCsv(
      [
        { header: 'id', text: () => p.id },
        { header: 'email', text: () => p.email },
        { header: 'first_name', text: () => p.firstName },
        { header: 'last_name', text: () => p.lastName },
        { header: 'phone_number', text: () => p.phoneNumber },
        { header: 'street', text: () => p.address?.street },
        { header: 'house_number', text: () => p.address?.houseNumber },
        { header: 'postal_code', text: () => p.address?.postalCode },
        { header: 'city', text: () => p.address?.city },
        { header: 'country', text: () => p.address?.country },
        { header: 'language', text: () => p.locale },
        { header: 'role', text: () => p.role },
        { header: 'created', text: () => iso(p.created) },
      ],
      [p],
    ),
    'tips.csv': toCsv(
      [
        { header: 'id', text: (t) => t.id },
        { header: 'podcast', text: (t) => t.tipjar },
        { header: 'amount', cents: (t) => t.amount },
        { header: 'platform_fee', cents: (t) => t.fee },
        { header: 'refunded', cents: (t) => t.refundedAmount },
        { header: 'status', text: (t) => t.status },
        { header: 'privacy', text: (t) => t.privacy },
        { header: 'name_shown', text: (t) => t.displayName },
        { header: 'message', text: (t) => t.message },
        { header: 'message_on_wall', text: (t) => String(t.messageShown) },
        { header: 'email', text: (t) => t.email },
        { header: 'payment_method', text: (t) => t.paymentMethod },
        { header: 'monthly_tip_id', text: (t) => t.monthlyTipId },
        { header: 'created', text: (t) => iso(t.created) },
        { header: 'paid', text: (t) => iso(t.completedAt) },
      ],
      data.tips,
    ),
    'monthly-tips.csv': toCsv(
      [
        { header: 'id', text: (m) => m.id },
        { header: 'podcast', text: (m) => m.tipjar },
        { header: 'amount', cents: (m) => m.amount },
        { header: 'status', text: (m) => m.status },
        { header: 'mandate', text: (m) => m.mandateStatus },
        { header: 'payment_method', text: (m) => m.paymentMethod },
        { header: 'privacy', text: (m) => m.privacy },
        { header: 'name_shown', text: (m) => m.displayName },
        { header: 'message', text: (m) => m.message },
        { header: 'created', text: (m) => iso(m.created) },
        { header: 'cancelled', text: (m) => iso(m.cancelledAt) },
      ],
      data.monthlyTips,
    ),
    'monthly-charges.csv': toCsv(
      [
        { header: 'monthly_tip_id', text: (c) => c.monthlyTipId },
        { header: 'month', text: (c) => c.period },
        { header: 'amount', cents: (c) => c.amount },
        { header: 'attempt', text: (c) => String(c.attempt) },
        { header: 'status', text: (c) => c.status },
        { header: 'tip_id', text: (c) => c.tipId },
      ],
      data.charges,
    ),
    'tipjars.csv': toCsv(
      [
        { header: 'id', text: (t) => t.id },
        { header: 'address', text: (t) => t.slug },
        { header: 'name', text: (t) => t.name },
        { header: 'status', text: (t) => t.status },
        { header: 'archived', text: (t) => iso(t.archivedAt) },
      ],
      data.tipjars,
    ),
  };
}

/** GET users/me/data: a zip of data.json and one CSV per kind of record, of the caller only. */
export async function exportMyData(ctx: AppContext, actor: Actor): Promise<{ filename: string; zip: Uint8Array }> {
  // Tips given with the address join once it is proven theirs (decision 061).
  await linkProvenTips(ctx.db, actor.userId);
  const data = await readPersonalData(ctx.db, actor.userId);
  if (!data) throw AppError.unauthorized();
  // The zip writer loads with the first export a process makes, not at start (decision 048).
  const { strToU8, zipSync } = await import('fflate');
  const exported = new Date();
  const files: Record<string, Uint8Array> = {
    'data.json': strToU8(`${JSON.stringify({ exported, brand: ctx.config.BRAND_NAME, ...data }, null, 2)}\n`),
  };
  for (const [name, csv] of Object.entries(csvFiles(data))) files[name] = strToU8(csv);
  return { filename: `podpot-data-${exported.toISOString().slice(0, 10)}.zip`, zip: zipSync(files, { level: 6 }) };
}

/**
 * POST users/me/erasure (needs the password). Refused while the user alone runs a tip jar that is not
 * archived (hand it over or archive it first). In one transaction, under the user's lock: their monthly
 * tips cancelled, the account archived and taken off the tip jars it helped run, their personal data
 * erased, the erasure in the audit trail (ids only). After the commit the provider revokes the mandates;
 * what it leaves undone the reconcile job finishes.
 */
export async function eraseMyAccount(ctx: AppContext, actor: Actor, data: EraseAccountBody['data']): Promise<void> {
  const row = await usersQueries.findUserById(ctx.db, actor.userId);
  if (!row) throw AppError.unauthorized();
  if (!(await verifyPassword(row.passwordHash, data.password))) {
    throw AppError.field(ErrorCode.WrongPassword, 'data.password', { key: 'wrongPassword' }, 'The password is wrong');
  }
  await ctx.db.transaction(async (tx) => {
    const user = await usersQueries.lockUser(tx, actor.userId);
    if (!user) throw AppError.unauthorized();
    const soleAdminOf = await usersQueries.listSoleAdminTipjars(tx, user.id);
    if (soleAdminOf.length > 0) {
      throw AppError.because(ErrorCode.SoleTipjarAdmin, 'soleTipjarAdmin', {
        params: { names: soleAdminOf.map((t) => t.name).join(', ') },
      });
    }
    await linkProvenTips(tx, user.id);
    await cancelMonthlyTipsOf(tx, { userId: user.id }, { brand: ctx.config.BRAND_NAME });
    await usersQueries.archiveUser(tx, user.id, new Date());
    await erasePersonalData(tx, user);
    await recordAudit(tx, actor, {
      action: 'user.erased',
      entityType: 'user',
      entityId: user.id,
      before: { role: user.role },
      after: { erased: true },
    });
  });
  await revokeCancelledMandates(ctx, { of: { userId: actor.userId } });
}

/**
 * POST users/me/email-confirmation: mails a new confirmation link to the caller's address (decision
 * 061); older links keep working until they expire. 409 when the address is proven already.
 */
export async function sendEmailConfirmation(ctx: AppContext, actor: Actor): Promise<void> {
  const user = await usersQueries.findUserById(ctx.db, actor.userId);
  if (!user) throw AppError.unauthorized();
  if (user.emailVerifiedAt) throw AppError.because(ErrorCode.Conflict, 'emailConfirmed');
  await queueEmailConfirmationMail(ctx, ctx.db, user);
  ctx.outbox.kick();
}

/**
 * POST users/email-confirmation, with the token of a mailed link (no login needed: the link may be opened
 * on another device). The address is proven when the account still has it; then the tips given with it
 * without an account are linked, in the same transaction. A link for another address, an expired or a
 * forged one is a field error on the token.
 */
export async function confirmEmail(ctx: AppContext, token: string): Promise<void> {
  const claim = await readEmailConfirmation(ctx.config.JWT_SECRET, token);
  const confirmed =
    claim &&
    (await ctx.db.transaction(async (tx) => {
      // Under the user's lock, like every change of the account: an erasure or address change waits.
      const user = await usersQueries.lockUser(tx, claim.userId);
      if (!user || user.archivedAt || !(await markEmailProven(tx, user.id, claim.email))) return false;
      await linkProvenTips(tx, user.id);
      return true;
    }));
  if (!confirmed) {
    throw AppError.field(
      ErrorCode.InvalidToken,
      'data.token',
      { key: 'invalid' },
      'This confirmation link is invalid, expired or for an address the account no longer has',
    );
  }
}
