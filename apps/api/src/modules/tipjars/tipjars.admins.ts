import { appUrl, ErrorCode, type Tipjar } from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { loadManagedTipjar } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { adminAddedMail } from '../../mail/account-mails.js';
import { queueMail } from '../../mail/outbox.js';
import { recordAudit } from '../audit/audit.service.js';
import { findUserIdByEmail } from '../users/users.repository.js';
import * as repo from './tipjars.repository.js';
import { toTipjar } from './tipjars.service.js';

/** A tip jar's admins (its settings page): adding and removing them by e-mail, each change in the audit trail. */

function unknownUser(): AppError {
  return AppError.field(ErrorCode.NotFound, 'email', { key: 'invalid' }, 'No user with this e-mail address');
}

function notAnAdmin(): AppError {
  return AppError.field(ErrorCode.NotFound, 'email', { key: 'invalid' }, 'This user is not an admin of the tip jar');
}

export async function addTipjarAdmin(ctx: AppContext, actor: Actor, id: string, email: string): Promise<Tipjar> {
  const row = await loadManagedTipjar(ctx, actor, id);
  const user = await findUserIdByEmail(ctx.db, email);
  // An archived user administers nothing any more.
  if (!user || user.archivedAt) throw unknownUser();
  const added = await ctx.db.transaction(async (tx) => {
    // Already an admin: nothing changes, nothing to record.
    if (!(await repo.insertAdmin(tx, id, user.id))) return false;
    await recordAudit(tx, actor, adminChange('tipjar.adminAdded', id, user.id));
    await queueAdminAddedMails(ctx, tx, row, { id: user.id, email });
    return true;
  });
  if (added) ctx.outbox.kick();
  return toTipjar(ctx.db, row);
}

/** The tip jar's other admins are told of a new one, with what to do if they did not expect it (decision 035). */
async function queueAdminAddedMails(
  ctx: AppContext,
  tx: DbOrTx,
  tipjar: { id: string; slug: string; name: string },
  added: { id: string; email: string },
) {
  const admins = (await repo.listAdmins(tx, [tipjar.id])).get(tipjar.id) ?? [];
  const base = ctx.config.publicUrl;
  for (const admin of admins) {
    if (admin.id === added.id) continue;
    const locale = admin.locale;
    const mail = adminAddedMail(locale, {
      brand: ctx.config.BRAND_NAME,
      name: admin.firstName,
      tipjarName: tipjar.name,
      newAdmin: added.email,
      settingsLink: appUrl(base, 'backofficeSettings', { tipjarslug: tipjar.slug }, locale),
      supportLink: appUrl(base, 'support', {}, locale),
    });
    await queueMail(
      tx,
      { to: admin.email, ...mail },
      { dedupeKey: `admin-added:${tipjar.id}:${added.id}:${admin.id}` },
    );
  }
}

export async function removeTipjarAdmin(ctx: AppContext, actor: Actor, id: string, email: string): Promise<Tipjar> {
  const row = await loadManagedTipjar(ctx, actor, id);
  const user = await findUserIdByEmail(ctx.db, email);
  // An unknown address gets the same answer as a user who is no admin: removing tells nobody who has an account.
  if (!user) throw notAnAdmin();
  await ctx.db.transaction(async (tx) => {
    await repo.lockAdmins(tx, id);
    if (!(await repo.isTipjarAdmin(tx, id, user.id))) throw notAnAdmin();
    if ((await repo.countAdmins(tx, id)) <= 1) {
      throw new AppError(ErrorCode.Conflict, 'A tip jar needs at least one admin');
    }
    await repo.deleteAdmin(tx, id, user.id);
    await recordAudit(tx, actor, adminChange('tipjar.adminRemoved', id, user.id));
  });
  return toTipjar(ctx.db, row);
}

function adminChange(action: 'tipjar.adminAdded' | 'tipjar.adminRemoved', tipjarId: string, userId: string) {
  const admin = { userId };
  return action === 'tipjar.adminAdded'
    ? { action, entityType: 'user' as const, entityId: userId, tipjarId, after: admin }
    : { action, entityType: 'user' as const, entityId: userId, tipjarId, before: admin };
}
