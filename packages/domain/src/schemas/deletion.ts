import { z } from 'zod';
import { UserTipjarRefSchema } from './user.js';

/**
 * What DELETE tipjars/{id} and DELETE users/{id} will do (docs/money-rules.md §9, docs/decisions/009): money
 * records are never deleted, so a tip jar or user with any money history is ARCHIVED — hidden, no
 * longer tippable or able to sign in, its monthly tips cancelled — and only one without any is
 * deleted for real. The client asks before it confirms, so its dialog can say which it will be.
 */
export const DELETION_KINDS = ['delete', 'archive'] as const;
export type DeletionKind = (typeof DELETION_KINDS)[number];

export const TipjarDeletionSchema = z.object({
  deletion: z.enum(DELETION_KINDS),
  /** Monthly tips still running that archiving cancels (each tipper is mailed, the mandate revoked). */
  monthlyTipsToCancel: z.number().int(),
});
export type TipjarDeletion = z.infer<typeof TipjarDeletionSchema>;

export const UserDeletionSchema = z.object({
  deletion: z.enum(DELETION_KINDS),
  /** The user's own monthly tips still running that archiving cancels. */
  monthlyTipsToCancel: z.number().int(),
  /**
   * Tip jars (not archived) that this user alone administers. While there are any the user cannot be
   * deleted (409): give the tip jar another admin or delete the tip jar first, so none is left orphaned.
   */
  soleAdminOf: z.array(UserTipjarRefSchema),
});
export type UserDeletion = z.infer<typeof UserDeletionSchema>;
