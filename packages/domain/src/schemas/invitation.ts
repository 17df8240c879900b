import { z } from 'zod';
import { EmailSchema, LocaleSchema } from './fields.js';

/**
 * Invitations to administer a tip jar (decision 062): an admin invites an address, the invitee
 * accepts through the mailed link, logged in with that address. Until then they administer nothing.
 */

/** An invitation lasts this long; then the link is refused and the inviter may invite again. */
export const INVITATION_DAYS = 14;
/** Pending invitations a tip jar may have at once (each mails an address its admins typed). */
export const MAX_PENDING_INVITATIONS = 10;

/** POST tipjars/{id}/admins: the address to invite; `locale` is the inviter's page language (the mail's, when the address has no account). */
export const InviteTipjarAdminBodySchema = z.object({ email: EmailSchema, locale: LocaleSchema.optional() });
export type InviteTipjarAdminBody = z.infer<typeof InviteTipjarAdminBodySchema>;

/** A pending invitation as the tip jar's admins see it. The same shape whether the address has an account or not. */
export const TipjarInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  created: z.string(),
  expiresAt: z.string(),
});
export type TipjarInvitation = z.infer<typeof TipjarInvitationSchema>;
export const TipjarInvitationListSchema = z.object({ data: z.array(TipjarInvitationSchema) });
export type TipjarInvitationList = z.infer<typeof TipjarInvitationListSchema>;

/** The link's token (32 random bytes, base64url). */
export const InvitationTokenParamsSchema = z.object({ token: z.string().regex(/^[\w-]{20,100}$/) });

/** GET invitations/{token}: what the invitation page shows before the invitee decides. */
export const InvitationSchema = z.object({
  tipjarName: z.string(),
  /** The invited address: the invitee logs in (or registers) with it to accept. */
  email: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** POST invitations/{token}/accept: the tip jar the user now administers (its backoffice). */
export const AcceptedInvitationSchema = z.object({
  tipjar: z.object({ id: z.uuid(), slug: z.string(), name: z.string() }),
});
export type AcceptedInvitation = z.infer<typeof AcceptedInvitationSchema>;

/** DELETE tipjars/{id}/admins/me: `handedToPlatform` when the leaver was its last admin (platform admins manage it now). */
export const LeftTipjarSchema = z.object({ handedToPlatform: z.boolean() });
export type LeftTipjar = z.infer<typeof LeftTipjarSchema>;
