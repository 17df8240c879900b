import { createHash, randomBytes } from 'node:crypto';
import {
  appUrl,
  DEFAULT_LOCALE,
  ErrorCode,
  INVITATION_DAYS,
  type InviteTipjarAdminBody,
  type LeftTipjar,
  MAX_PENDING_INVITATIONS,
  type Tipjar,
  type TipjarInvitation,
  type TipjarInvitationList,
} from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { isAdmin, loadManagedTipjar } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { adminAddedMail } from '../../mail/account-mails.js';
import { adminInvitationMail } from '../../mail/invitation-mails.js';
import { queueMail } from '../../mail/outbox.js';
import { recordAudit } from '../audit/audit.service.js';
import { findUserById, findUserIdByEmail } from '../users/users.queries.js';
import * as repo from './tipjars.repository.js';
import { toTipjar } from './tipjars.service.js';

/**
 * A tip jar's admins (its settings page, decision 062). Nobody is made an admin without consent: an
 * admin invites an address, the invitee accepts (tipjars.invitations.ts). Any admin may leave; when
 * the last one leaves, the tip jar has no maker admins and platform admins manage it. Each change is
 * in the audit trail, written in its transaction; every change takes the tip jar's row lock first,
 * so invitations, joins and leaves of one tip jar take turns.
 */

export const INVITATION_TTL_MS = INVITATION_DAYS * 24 * 60 * 60_000;

export function invitationTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function notAnAdmin(): AppError {
  return AppError.field(ErrorCode.NotFound, 'email', { key: 'invalid' }, 'This user is not an admin of the tip jar');
}

function toInvitation(row: repo.InvitationRow): TipjarInvitation {
  return {
    id: row.id,
    email: row.email,
    created: row.created.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * POST tipjars/{id}/admins: invites an address, with or without an account, and answers alike for
 * both (the answer tells nothing about who has an account). Inviting the same address again renews
 * the invitation: a new link (the old one stops working) and a new expiry. The mail goes in the
 * invitee's language when the address has an account, else in the inviter's page language.
 */
export async function inviteTipjarAdmin(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: InviteTipjarAdminBody,
): Promise<TipjarInvitation> {
  const tipjar = await loadManagedTipjar(ctx, actor, id);
  if (tipjar.archivedAt) throw AppError.because(ErrorCode.Conflict, 'tipjarArchivedNoAdmins');
  const email = body.email;
  const [invitee, inviter] = await Promise.all([findUserIdByEmail(ctx.db, email), findUserById(ctx.db, actor.userId)]);
  const locale = (invitee && !invitee.archivedAt ? invitee.locale : body.locale) ?? inviter?.locale ?? DEFAULT_LOCALE;
  const token = randomBytes(32).toString('base64url');
  const tokenHash = invitationTokenHash(token);
  const now = new Date();

  const invitation = await ctx.db.transaction(async (tx) => {
    await repo.lockTipjar(tx, id);
    // An admin already: the inviter sees the admins, so saying so tells them nothing new.
    if (invitee && (await repo.isTipjarAdmin(tx, id, invitee.id))) {
      throw AppError.field(ErrorCode.Conflict, 'email', { key: 'alreadyAdmin' }, 'This address is an admin already');
    }
    await repo.deleteExpiredInvitations(tx, id, now);
    const pending = await repo.listPendingInvitations(tx, id, now);
    if (pending.length >= MAX_PENDING_INVITATIONS && !pending.some((p) => p.email.toLowerCase() === email)) {
      throw AppError.field(
        ErrorCode.Conflict,
        'email',
        { key: 'tooManyInvitations', params: { max: MAX_PENDING_INVITATIONS } },
        `At most ${MAX_PENDING_INVITATIONS} invitations can wait at once; withdraw one first`,
      );
    }
    const row = await repo.upsertInvitation(tx, {
      tipjarId: id,
      email,
      tokenHash,
      invitedBy: actor.userId,
      locale,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    });
    // Only the invitation's id: the address may be nobody's yet, and the trail keeps what it holds forever.
    await recordAudit(tx, actor, {
      action: 'tipjar.adminInvited',
      entityType: 'invitation',
      entityId: row.id,
      tipjarId: id,
    });
    const mail = adminInvitationMail(locale, {
      brand: ctx.config.BRAND_NAME,
      // A platform admin invites as the platform (a tip jar's people never see a platform admin's name).
      inviter: isAdmin(actor) || !inviter ? ctx.config.BRAND_NAME : `${inviter.firstName} ${inviter.lastName}`.trim(),
      tipjarName: tipjar.name,
      email,
      link: appUrl(ctx.config.publicUrl, 'invitation', {}, locale, { token }),
      days: INVITATION_DAYS,
    });
    await queueMail(tx, { to: email, ...mail }, { dedupeKey: `admin-invitation:${tokenHash}` });
    return row;
  });
  ctx.outbox.kick();
  return toInvitation(invitation);
}

/** GET tipjars/{id}/invitations: the invitations still waiting for an answer, oldest first. */
export async function listTipjarInvitations(ctx: AppContext, actor: Actor, id: string): Promise<TipjarInvitationList> {
  await loadManagedTipjar(ctx, actor, id);
  const rows = await repo.listPendingInvitations(ctx.db, id, new Date());
  return { data: rows.map(toInvitation) };
}

/** DELETE tipjars/{id}/invitations/{invitationId}: its link stops working at once. */
export async function withdrawTipjarInvitation(
  ctx: AppContext,
  actor: Actor,
  id: string,
  invitationId: string,
): Promise<void> {
  await loadManagedTipjar(ctx, actor, id);
  await ctx.db.transaction(async (tx) => {
    await repo.lockTipjar(tx, id);
    if (!(await repo.deleteInvitation(tx, id, invitationId))) throw AppError.notFound('Invitation');
    await recordAudit(tx, actor, {
      action: 'tipjar.invitationWithdrawn',
      entityType: 'invitation',
      entityId: invitationId,
      tipjarId: id,
    });
  });
}

/**
 * DELETE tipjars/{id}/admins/me: the actor stops administering the tip jar. The last admin may leave
 * too: the tip jar stays as it is (its storefront, tips, monthly tips and payouts go on) and platform
 * admins manage it. Decided on the tip jar's locked row, so of two last admins leaving at once
 * exactly one is recorded as handing it to the platform.
 */
export async function leaveTipjar(ctx: AppContext, actor: Actor, id: string): Promise<LeftTipjar> {
  await loadManagedTipjar(ctx, actor, id);
  return ctx.db.transaction(async (tx) => {
    await repo.lockTipjar(tx, id);
    // A platform admin who is not one of its admins has nothing to leave.
    if (!(await repo.deleteAdmin(tx, id, actor.userId))) throw AppError.notFound('Tip jar admin');
    const handedToPlatform = (await repo.countAdmins(tx, id)) === 0;
    await recordAudit(tx, actor, {
      action: 'tipjar.adminLeft',
      entityType: 'user',
      entityId: actor.userId,
      tipjarId: id,
      before: { userId: actor.userId },
      after: handedToPlatform ? { handedToPlatform: true } : null,
    });
    return { handedToPlatform };
  });
}

/**
 * Makes the invitee an admin (tipjars.invitations.ts, in the transaction that took the invitation):
 * recorded, and the other admins are told (decision 035). False when they were one already.
 */
export async function joinTipjar(
  ctx: AppContext,
  tx: Tx,
  actor: Actor,
  tipjar: { id: string; slug: string; name: string },
  user: { id: string; email: string },
): Promise<boolean> {
  if (!(await repo.insertAdmin(tx, tipjar.id, user.id))) return false;
  await recordAudit(tx, actor, {
    action: 'tipjar.adminJoined',
    entityType: 'user',
    entityId: user.id,
    tipjarId: tipjar.id,
    after: { userId: user.id },
  });
  await queueAdminAddedMails(ctx, tx, tipjar, user);
  return true;
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

/** DELETE tipjars/{id}/admins {email}: removes another admin; the last one leaves by DELETE admins/me instead. */
export async function removeTipjarAdmin(ctx: AppContext, actor: Actor, id: string, email: string): Promise<Tipjar> {
  const row = await loadManagedTipjar(ctx, actor, id);
  const user = await findUserIdByEmail(ctx.db, email);
  // An unknown address gets the same answer as a user who is no admin: removing tells nobody who has an account.
  if (!user) throw notAnAdmin();
  await ctx.db.transaction(async (tx) => {
    await repo.lockTipjar(tx, id);
    if (!(await repo.isTipjarAdmin(tx, id, user.id))) throw notAnAdmin();
    if ((await repo.countAdmins(tx, id)) <= 1) {
      throw AppError.because(ErrorCode.Conflict, 'tipjarLastAdmin');
    }
    await repo.deleteAdmin(tx, id, user.id);
    await recordAudit(tx, actor, {
      action: 'tipjar.adminRemoved',
      entityType: 'user',
      entityId: user.id,
      tipjarId: id,
      before: { userId: user.id },
    });
  });
  return toTipjar(ctx.db, row);
}
