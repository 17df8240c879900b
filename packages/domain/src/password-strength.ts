import type { FieldError, ValidationKey } from './errors.js';

/**
 * The strength rule for a new password, on top of PasswordSchema's length rule: zxcvbn-ts estimates
 * how many guesses an attacker with common-password lists, en/nl dictionaries, keyboard patterns and
 * the user's own details needs (password-estimator.ts). Used by the API (a field error) and by the
 * web forms (live feedback). This half is small: the estimator and its dictionaries (megabytes) are
 * imported dynamically on the first check, once per process or page, so no chunk that merely imports
 * `@podpot/domain` carries them.
 */

export const PASSWORD_WEAKNESSES = ['common', 'personal', 'brand', 'guessable'] as const;
/** Why a password is refused: a known password or word, the user's own name or e-mail, the brand, or simply guessable. */
export type PasswordWeakness = (typeof PASSWORD_WEAKNESSES)[number];

export type PasswordVerdict = { ok: true } | { ok: false; reason: PasswordWeakness };

/** The validation key (translated by the web under `validation.<key>`) of each weakness. */
export const WEAK_PASSWORD_KEYS = {
  common: 'passwordCommon',
  personal: 'passwordPersonal',
  brand: 'passwordBrand',
  guessable: 'passwordGuessable',
} as const satisfies Record<PasswordWeakness, ValidationKey>;

/** What a password must not be built on: the brand name and whatever is known of its owner. */
export interface PasswordContext {
  brand: string;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

let estimator: Promise<typeof import('./password-estimator.js')> | undefined;

function loadEstimator() {
  estimator ??= import('./password-estimator.js').catch((err: unknown) => {
    // A chunk that failed to load (offline browser) is tried again on the next check.
    estimator = undefined;
    throw err;
  });
  return estimator;
}

/** Starts loading the dictionaries (e.g. when a password field gets focus, or at server start). */
export async function preloadPasswordStrength(): Promise<void> {
  await loadEstimator();
}

/** Ok, or why not (zxcvbn score below 3, the reason most telling for the user). Loads the dictionaries once. */
export async function checkPasswordStrength(password: string, context: PasswordContext): Promise<PasswordVerdict> {
  return (await loadEstimator()).estimatePasswordStrength(password, context);
}

/** The field error for a new password that is too weak, or null when it is strong enough. */
export async function weakPasswordError(password: string, context: PasswordContext): Promise<FieldError | null> {
  const verdict = await checkPasswordStrength(password, context);
  return verdict.ok ? null : { key: WEAK_PASSWORD_KEYS[verdict.reason] };
}
