import { type AcceptedInvitation, ErrorCode, type Invitation } from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { findUserById } from '../users/users.queries.js';
import { invitationTokenHash, joinTipjar } from './tipjars.admins.js';
import * as repo from './tipjars.repository.js';

/**
 * The invitee's side of an invitation to administer a tip jar (decision 062): the mailed link opens
 * it, accepting needs a login with the invited address, declining only the link. An unknown, used,
 * withdrawn or expired link is one and the same 404.
 */

function invitationGone(): AppError {
  return new AppError(ErrorCode.NotFound, 'This invitation is unknown, answered, withdrawn or expired');
}

/**
 * THE rule of who may accept an invitation: a user (not archived) signed in with the invited address.
 * The link's token was mailed only to that address, so holding it proves the address as a confirmation
 * link does (decision 061); a signed-in user whose address is not proven otherwise may still accept.
 */
export function canAcceptInvitation(
  user: { email: string; archivedAt: Date | null },
  invitation: { email: string },
): boolean {
  return user.archivedAt === null && user.email.toLowerCase() === invitation.email.toLowerCase();
}

/** GET invitations/{token}: the tip jar's name and the invited address, for the invitation page. */
export async function getInvitation(ctx: AppContext, token: string): Promise<Invitation> {
  const found = await repo.findInvitationByTokenHash(ctx.db, invitationTokenHash(token));
  if (!found || found.archivedAt || found.invitation.expiresAt <= new Date()) throw invitationGone();
  return {
    tipjarName: found.tipjarName,
    email: found.invitation.email,
    expiresAt: found.invitation.expiresAt.toISOString(),
  };
}

/**
 * POST invitations/{token}/accept. The tip jar's row is locked first (as every admin change does),
 * then the invitation is re-read locked and deleted: of two accepts at once, one makes the admin and
 * the other finds no invitation.
 */
export async function acceptInvitation(ctx: AppContext, actor: Actor, token: string): Promise<AcceptedInvitation> {
  const tokenHash = invitationTokenHash(token);
  const found = await repo.findInvitationByTokenHash(ctx.db, tokenHash);
  if (!found) throw invitationGone();
  const user = await findUserById(ctx.db, actor.userId);
  const tipjar = await ctx.db.transaction(async (tx) => {
    const row = await repo.lockTipjar(tx, found.invitation.tipjarId);
    const invitation = await repo.lockInvitationByTokenHash(tx, tokenHash);
    if (!row || row.archivedAt || !invitation || invitation.expiresAt <= new Date()) throw invitationGone();
    if (!user || !canAcceptInvitation(user, invitation)) {
      throw new AppError(ErrorCode.Forbidden, 'This invitation is for another e-mail address');
    }
    await repo.deleteInvitation(tx, row.id, invitation.id);
    await joinTipjar(ctx, tx, actor, row, user);
    return row;
  });
  ctx.outbox.kick();
  return { tipjar: { id: tipjar.id, slug: tipjar.slug, name: tipjar.name } };
}

/** POST invitations/{token}/decline: the link alone is enough (no account needed to say no). */
export async function declineInvitation(ctx: AppContext, token: string): Promise<void> {
  const tokenHash = invitationTokenHash(token);
  const found = await repo.findInvitationByTokenHash(ctx.db, tokenHash);
  if (!found || found.invitation.expiresAt <= new Date()) throw invitationGone();
  await ctx.db.transaction(async (tx) => {
    await repo.lockTipjar(tx, found.invitation.tipjarId);
    if (!(await repo.deleteInvitation(tx, found.invitation.tipjarId, found.invitation.id))) throw invitationGone();
  });
}
