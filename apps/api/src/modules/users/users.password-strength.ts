import {
  checkPasswordStrength,
  ErrorCode,
  type PasswordContext,
  type PasswordStrength,
  type PasswordStrengthBody,
  type PasswordWeakness,
  WEAK_PASSWORD_KEYS,
} from '@podpot/domain';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';

/** The API's own `message`; the web shows the user's language from the key in `fields`. */
const MESSAGE: Record<PasswordWeakness, string> = {
  common: 'This password is too common; choose one that is harder to guess',
  personal: 'This password contains your name or e-mail address; choose one that is harder to guess',
  brand: 'This password is built on the name of the platform; choose one that is harder to guess',
  guessable: 'This password is too easy to guess; use a longer one, e.g. a few unrelated words',
};

/**
 * Every operation that sets a password calls this (registration, ordering with an account, reset,
 * own change, an admin creating or editing a user): a password below the domain's strength bar is
 * a 400 field error on `field`, like any other validation error. The dictionaries load on the first
 * call, once per process.
 */
export async function assertStrongPassword(
  ctx: AppContext,
  field: string,
  password: string,
  owner: Omit<PasswordContext, 'brand'>,
): Promise<void> {
  const verdict = await checkPasswordStrength(password, {
    brand: ctx.config.BRAND_NAME,
    email: owner.email,
    firstName: owner.firstName,
    lastName: owner.lastName,
  });
  if (!verdict.ok) {
    throw AppError.field(
      ErrorCode.Validation,
      field,
      { key: WEAK_PASSWORD_KEYS[verdict.reason] },
      MESSAGE[verdict.reason],
    );
  }
}

/**
 * A preHandler that refuses a weak new password before anything else runs, e.g. before the question
 * about the address is counted (lib/address-probes.ts): someone trying passwords on a form asks
 * nothing about the address, and must not use up its budget. `read` picks the password and its owner
 * from the body; undefined skips the check (e.g. an order by a signed-in user).
 */
export function strongPasswordFirst<Body>(
  ctx: AppContext,
  field: string,
  read: (body: Body) => { password: string; owner: Omit<PasswordContext, 'brand'> } | undefined,
) {
  return async (request: { body: unknown }) => {
    const found = read(request.body as Body);
    if (found) await assertStrongPassword(ctx, field, found.password, found.owner);
  };
}

/**
 * POST users/password-strength (decision 082): the verdict on a new password while it is typed, so
 * a browser never loads the dictionaries (megabytes). The same rule as assertStrongPassword.
 */
export async function passwordStrength(ctx: AppContext, body: PasswordStrengthBody): Promise<PasswordStrength> {
  const verdict = await checkPasswordStrength(body.password, {
    brand: ctx.config.BRAND_NAME,
    email: body.email,
    firstName: body.firstName,
    lastName: body.lastName,
  });
  return verdict.ok ? { ok: true } : { ok: false, key: WEAK_PASSWORD_KEYS[verdict.reason] };
}
