/**
 * The words of the password-strength rule, shared by its small half (password-strength.ts) and the
 * estimator that is loaded lazily (password-estimator.ts), so neither imports the other for them.
 */

export const PASSWORD_WEAKNESSES = ['common', 'personal', 'brand', 'guessable'] as const;
/** Why a password is refused: a known password or word, the user's own name or e-mail, the brand, or simply guessable. */
export type PasswordWeakness = (typeof PASSWORD_WEAKNESSES)[number];

export type PasswordVerdict = { ok: true } | { ok: false; reason: PasswordWeakness };

/** What a password must not be built on: the brand name and whatever is known of its owner. */
export interface PasswordContext {
  brand: string;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}
