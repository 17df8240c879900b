import type { FieldError, ValidationKey } from './errors.js';
import type { PasswordContext, PasswordVerdict, PasswordWeakness } from './password-types.js';

/**
 * The strength rule for a new password, on top of PasswordSchema's length rule: zxcvbn-ts estimates
 * how many guesses an attacker with common-password lists, en/nl dictionaries, keyboard patterns and
 * the user's own details needs (password-estimator.ts). Used by the API (a field error) and by the
 * web forms (live feedback). This half is small: the estimator and its dictionaries (megabytes) are
 * imported dynamically on the first check, once per process or page, so no chunk that merely imports
 * `@podpot/domain` carries them.
 */

export {
  PASSWORD_WEAKNESSES,
  type PasswordContext,
  type PasswordVerdict,
  type PasswordWeakness,
} from './password-types.js';

/** The validation key (translated by the web under `validation.<key>`) of each weakness. */
export const WEAK_PASSWORD_KEYS = {
  common: 'passwordCommon',
  personal: 'passwordPersonal',
  brand: 'passwordBrand',
  guessable: 'passwordGuessable',
} as const satisfies Record<PasswordWeakness, ValidationKey>;

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
