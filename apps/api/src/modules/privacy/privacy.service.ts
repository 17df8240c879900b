import { type EraseAccountBody, ErrorCode } from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { toCsv } from '../../lib/csv.js';
import { recordAudit } from '../audit/audit.service.js';
import { cancelMonthlyTipsOf, revokeCancelledMandates } from '../recurring-tips/recurring-tips.cancel.js';
import * as usersRepo from '../users/users.repository.js';
import { verifyPassword } from '../users/users.service.js';
import { erasePersonalData, type PersonalData, readPersonalData } from './privacy.repository.js';

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
  const row = await usersRepo.findUserById(ctx.db, actor.userId);
  if (!row) throw AppError.unauthorized();
  if (!(await verifyPassword(row.passwordHash, data.password))) {
    throw AppError.field(ErrorCode.WrongPassword, 'data.password', { key: 'wrongPassword' }, 'The password is wrong');
  }
  await ctx.db.transaction(async (tx) => {
    const user = await usersRepo.lockUser(tx, actor.userId);
    if (!user) throw AppError.unauthorized();
    const soleAdminOf = await usersRepo.listSoleAdminTipjars(tx, user.id);
    if (soleAdminOf.length > 0) {
      throw new AppError(
        ErrorCode.SoleTipjarAdmin,
        `You alone run ${soleAdminOf.map((t) => t.name).join(', ')}: give it another admin or archive it first`,
      );
    }
    await cancelMonthlyTipsOf(tx, { userId: user.id }, { brand: ctx.config.BRAND_NAME });
    await usersRepo.archiveUser(tx, user.id, new Date());
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
