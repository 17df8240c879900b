import {
  appUrl,
  ErrorCode,
  type LoginResponse,
  REMEMBER_DEVICE_DAYS,
  type TwoStepConfirmed,
  type TwoStepLoginBody,
  type TwoStepSetup,
  type TwoStepStatus,
  type TwoStepTokenResponse,
} from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { signTwoStepChallenge, tokenResponse, verifyTwoStepChallenge } from '../../lib/access-token.js';
import { AppError } from '../../lib/app-error.js';
import type { Backoff, BackoffPolicy } from '../../lib/rate-limit.js';
import { twoStepOffMail, twoStepOnMail, twoStepResetMail } from '../../mail/account-mails.js';
import { queueMail } from '../../mail/outbox.js';
import { recordAudit } from '../audit/audit.service.js';
import { findUserById, lockUser, type UserRow } from '../users/users.queries.js';
import { verifyPassword } from '../users/users.service.js';
import {
  currentTwoStepKey,
  decryptWithKeys,
  encryptSecret,
  newDeviceToken,
  newRecoveryCodes,
  newTotpSecret,
  normalizeCode,
  recoveryCodeHash,
  sameHash,
  sha256,
  totpStep,
  totpUri,
  twoStepKeys,
} from './two-step.codes.js';
import * as repo from './two-step.repository.js';

/**
 * Two-step login (issue 15, decision 036): after the password, a code from an authenticator app (TOTP)
 * or a single-use recovery code; a remembered device (opt-in, 30 days) skips the code.
 */

/**
 * Wrong codes per user, whatever the challenge or IP: 5, then 30 s, doubling up to 15 minutes (a new
 * challenge, that is a new password step, does not start over). A right code starts over.
 */
export const CODE_BACKOFF: BackoffPolicy = {
  free: 5,
  firstWaitMs: 30_000,
  maxWaitMs: 15 * 60_000,
  forgetMs: 60 * 60_000,
};

class CodeBackoffError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(ErrorCode.RateLimited, 'Too many wrong codes, try again later');
  }
}

export { CodeBackoffError };

function invalidCode(field: string): AppError {
  return AppError.field(ErrorCode.InvalidCode, field, { key: 'invalid' }, 'This code is wrong, used or expired');
}

/** Whether `deviceToken` is one of the user's remembered devices (unexpired). */
export async function isRememberedDevice(ctx: AppContext, userId: string, deviceToken: string): Promise<boolean> {
  return repo.isTrustedDevice(ctx.db, userId, sha256(deviceToken));
}

/** The password was right: a token, or (two-step login on, no remembered device) the second step. */
export async function afterPassword(ctx: AppContext, user: UserRow, deviceToken?: string): Promise<LoginResponse> {
  if (!user.twoStepEnabled) return tokenResponse(ctx.config, { id: user.id, tokenVersion: user.tokenVersion });
  if (deviceToken && (await isRememberedDevice(ctx, user.id, deviceToken))) {
    return tokenResponse(ctx.config, { id: user.id, tokenVersion: user.tokenVersion, twoStep: true });
  }
  const { challenge, expiresIn } = await signTwoStepChallenge(ctx.config.JWT_SECRET, {
    id: user.id,
    tokenVersion: user.tokenVersion,
  });
  return { two_step: 'required', challenge, expires_in: expiresIn };
}

const UNAVAILABLE_MESSAGE =
  'Your authenticator code cannot be checked right now. Use one of your recovery codes, or contact support.';

/**
 * The plain TOTP secret of a stored one (decision 045): opened with the current key, else an older one,
 * and then stored again under the current key at once (lazy re-keying; only if nothing replaced it
 * meanwhile). A secret no configured key opens answers 400 AUTHENTICATOR_UNAVAILABLE, never a 500, and
 * tells the operators why and what to set.
 */
async function readSecret(
  ctx: AppContext,
  userId: string,
  which: repo.SecretColumn,
  stored: string,
  field: string,
): Promise<string> {
  const keys = twoStepKeys(ctx.config);
  const read = decryptWithKeys(keys, stored);
  if (!read) {
    ctx.log.error(
      { userId, keysTried: keys.length },
      'two-step login: a stored authenticator secret opens with none of the configured keys (TWO_STEP_KEY, ' +
        'TWO_STEP_KEY_PREVIOUS, JWT_SECRET), so its codes cannot be checked; the key changed? Add the old key ' +
        '(the former JWT_SECRET or TWO_STEP_KEY) to TWO_STEP_KEY_PREVIOUS and restart (decision 045)',
    );
    throw AppError.field(
      ErrorCode.AuthenticatorUnavailable,
      field,
      { key: 'authenticatorUnavailable' },
      UNAVAILABLE_MESSAGE,
    );
  }
  if (read.keyIndex > 0) {
    await repo.replaceSecret(ctx.db, userId, which, stored, encryptSecret(currentTwoStepKey(ctx.config), read.secret));
  }
  return read.secret;
}

/**
 * Checks a code of the user against their (confirmed, or with `pending` the pending) secret, or one of
 * their recovery codes, counting wrong ones; uses the code up when it is right. An authenticator code
 * the server cannot check (readSecret) is answered before it is counted: nothing was guessed.
 */
async function checkCode(
  ctx: AppContext,
  failures: Backoff,
  userId: string,
  code: string,
  field: string,
  options: { recovery: boolean } = { recovery: true },
): Promise<void> {
  const key = `user:${userId}`;
  const row = await repo.findTwoStep(ctx.db, userId);
  const { kind, value } = normalizeCode(code);
  const secret =
    kind === 'totp' && row?.secret ? await readSecret(ctx, userId, 'secret', row.secret, field) : undefined;
  const wait = await failures.attempt(key);
  if (wait !== undefined) throw new CodeBackoffError(Math.ceil(wait / 1000));
  if (!row?.secret) throw invalidCode(field);
  let ok = false;
  if (secret !== undefined) {
    const step = totpStep(secret, value);
    ok = step !== undefined && (await repo.useStep(ctx.db, userId, step));
  } else if (kind === 'recovery' && options.recovery) {
    const hash = recoveryCodeHash(value);
    // Every unused code compared in constant time, without stopping at a match.
    let match: string | undefined;
    for (const candidate of await repo.unusedRecoveryCodes(ctx.db, userId)) {
      if (sameHash(candidate.codeHash, hash)) match = candidate.id;
    }
    ok = match !== undefined && (await repo.useRecoveryCode(ctx.db, match));
  }
  if (!ok) throw invalidCode(field);
  await failures.reset(key);
}

/** POST auth/two-step: the challenge of the password step and a code; a token that passed both steps. */
export async function secondStep(
  ctx: AppContext,
  body: TwoStepLoginBody,
  failures: Backoff,
): Promise<TwoStepTokenResponse> {
  const subject = await verifyTwoStepChallenge(ctx.config.JWT_SECRET, body.challenge);
  const user = subject && (await findUserById(ctx.db, subject.id));
  if (!user || user.archivedAt || user.tokenVersion !== subject.tokenVersion || !user.twoStepEnabled) {
    throw AppError.field(
      ErrorCode.InvalidToken,
      'challenge',
      { key: 'invalid' },
      'This login has expired: enter your password again',
    );
  }
  await checkCode(ctx, failures, user.id, body.code, 'code');
  const token = await tokenResponse(ctx.config, { id: user.id, tokenVersion: user.tokenVersion, twoStep: true });
  if (!body.remember_device) return token;
  const device = newDeviceToken();
  await repo.insertDevice(ctx.db, user.id, sha256(device), new Date(Date.now() + REMEMBER_DEVICE_DAYS * 86_400_000));
  return { ...token, device_token: device };
}

export async function status(ctx: AppContext, actor: Actor): Promise<TwoStepStatus> {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw AppError.unauthorized();
  return {
    enabled: user.twoStepEnabled,
    recoveryCodesLeft: user.twoStepEnabled ? await repo.countUnusedRecoveryCodes(ctx.db, user.id) : 0,
  };
}

function alreadyOn(): AppError {
  return AppError.because(ErrorCode.Conflict, 'twoStepOnAlready');
}

/** Starts a setup: a new secret, kept encrypted and pending until a code confirms it. */
export async function startSetup(ctx: AppContext, actor: Actor): Promise<TwoStepSetup> {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw AppError.unauthorized();
  if (user.twoStepEnabled) throw alreadyOn();
  const secret = newTotpSecret();
  await repo.savePendingSecret(ctx.db, user.id, encryptSecret(currentTwoStepKey(ctx.config), secret));
  const uri = totpUri(secret, user.email, ctx.config.BRAND_NAME);
  // qrcode loads with the first setup a process serves (decision 040).
  const { qrSvg } = await import('../../lib/qr.js');
  const svg = qrSvg(uri, `${ctx.config.BRAND_NAME}: ${user.email}`);
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Confirms the pending secret with a current code and the password (a stolen session alone must not
 * lock the owner out): two-step login is on, every other session ends, the user is mailed, and this
 * session gets a token that passed the second step, with ten recovery codes shown once.
 */
export async function confirmSetup(
  ctx: AppContext,
  actor: Actor,
  data: { code: string; password: string },
  failures: Backoff,
): Promise<TwoStepConfirmed> {
  const { code } = data;
  const key = `user:${actor.userId}`;
  const wait = await failures.attempt(key);
  if (wait !== undefined) throw new CodeBackoffError(Math.ceil(wait / 1000));
  // Wrong passwords count on the same back-off as wrong codes: a thief cannot guess either freely.
  const owner = await findUserById(ctx.db, actor.userId);
  if (!owner) throw AppError.unauthorized();
  if (!(await verifyPassword(owner.passwordHash, data.password))) {
    throw AppError.field(ErrorCode.WrongPassword, 'data.password', { key: 'wrongPassword' }, 'The password is wrong');
  }
  const row = await repo.findTwoStep(ctx.db, actor.userId);
  if (!row?.pendingSecret) {
    throw AppError.because(ErrorCode.Conflict, 'twoStepStartFirst');
  }
  const secret = await readSecret(ctx, actor.userId, 'pendingSecret', row.pendingSecret, 'data.code');
  const step = totpStep(secret, normalizeCode(code).value);
  if (step === undefined) throw invalidCode('data.code');
  await failures.reset(key);
  const codes = newRecoveryCodes();
  const enabled = await ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, actor.userId);
    if (!user) throw AppError.unauthorized();
    if (user.twoStepEnabled) throw alreadyOn();
    await repo.replaceRecoveryCodes(tx, actor.userId, codes.map(recoveryCodeHash));
    // Under the current key (the pending one may have been re-keyed, or written under an older key).
    const on = await repo.enableTwoStep(tx, actor.userId, encryptSecret(currentTwoStepKey(ctx.config), secret), step);
    if (on) await queueTwoStepMail(ctx, tx, user, twoStepOnMail, 'two-step-on');
    return on;
  });
  ctx.outbox.kick();
  if (!enabled) throw AppError.unauthorized();
  const token = await tokenResponse(ctx.config, {
    id: actor.userId,
    tokenVersion: enabled.tokenVersion,
    twoStep: true,
  });
  return { recoveryCodes: codes, token };
}

/** Turns two-step login off: needs the password and a current code; the user is mailed. */
export async function disable(
  ctx: AppContext,
  actor: Actor,
  data: { password: string; code: string },
  failures: Backoff,
): Promise<void> {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw AppError.unauthorized();
  if (!user.twoStepEnabled) throw AppError.because(ErrorCode.Conflict, 'twoStepOffAlready');
  if (!(await verifyPassword(user.passwordHash, data.password))) {
    throw AppError.field(ErrorCode.WrongPassword, 'data.password', { key: 'wrongPassword' }, 'The password is wrong');
  }
  await checkCode(ctx, failures, user.id, data.code, 'data.code', { recovery: false });
  await ctx.db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    await repo.disableTwoStep(tx, user.id);
    await queueTwoStepMail(ctx, tx, user);
  });
  ctx.outbox.kick();
}

/**
 * A platform admin turns another user's two-step login off (decision 056): for a user who lost both
 * the authenticator and the recovery codes, once support knows who asked. Decided on the user's row
 * locked; audited, and the user is mailed. Their own two-step login an admin turns off on the account
 * page, with a current code, like anyone else.
 */
export async function resetByAdmin(ctx: AppContext, actor: Actor, userId: string): Promise<void> {
  if (userId === actor.userId) {
    throw AppError.because(ErrorCode.Conflict, 'twoStepOwn');
  }
  await ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw AppError.notFound('User');
    if (user.archivedAt) throw AppError.because(ErrorCode.Conflict, 'userArchived');
    if (!user.twoStepEnabled) throw AppError.because(ErrorCode.Conflict, 'twoStepOffAlready');
    await repo.disableTwoStep(tx, user.id);
    await recordAudit(tx, actor, { action: 'user.twoStepReset', entityType: 'user', entityId: user.id });
    await queueTwoStepMail(ctx, tx, user, twoStepResetMail);
  });
  ctx.outbox.kick();
}

/** New recovery codes (the old ones stop working): needs a current code. */
export async function regenerateRecoveryCodes(
  ctx: AppContext,
  actor: Actor,
  code: string,
  failures: Backoff,
): Promise<string[]> {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user?.twoStepEnabled) throw AppError.because(ErrorCode.Conflict, 'twoStepOff');
  await checkCode(ctx, failures, user.id, code, 'data.code', { recovery: false });
  const codes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(ctx.db, user.id, codes.map(recoveryCodeHash));
  return codes;
}

/** A mail about the user's two-step login (on, off, reset by support), with the links it points to. */
async function queueTwoStepMail(
  ctx: AppContext,
  tx: DbOrTx,
  user: UserRow,
  write: typeof twoStepOffMail = twoStepOffMail,
  kind = 'two-step-off',
): Promise<void> {
  const base = ctx.config.publicUrl;
  const mail = write(user.locale, {
    brand: ctx.config.BRAND_NAME,
    name: user.firstName,
    recoveryLink: appUrl(base, 'passwordRecovery', {}, user.locale),
    supportLink: appUrl(base, 'support', {}, user.locale),
  });
  await queueMail(tx, { to: user.email, ...mail }, { dedupeKey: `${kind}:${user.id}:${Date.now()}` });
}
