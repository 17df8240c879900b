import { createHash, randomBytes } from 'node:crypto';
import { appUrl, ErrorCode, type LoginBody, type LoginResponse, type PasswordResetBody } from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import type { AddressLimitPolicies } from '../../lib/address-probes.js';
import { AppError } from '../../lib/app-error.js';
import type { Backoff, BackoffPolicy, Marks, Tally } from '../../lib/rate-limit.js';
import { queueMail } from '../../mail/outbox.js';
import { passwordResetMail } from '../../mail/templates.js';
import { recordAudit, recordPlatformAudit } from '../audit/audit.service.js';
import { afterPassword, isRememberedDevice } from '../two-step/two-step.service.js';
import { markEmailProven } from '../users/users.email-confirmation.js';
import { queuePasswordChangedMail } from '../users/users.mails.js';
import { assertStrongPassword } from '../users/users.password-strength.js';
import {
  endResetLinks,
  findUserByEmail,
  findUserById,
  lockUser,
  replacePassword,
  type UserRow,
} from '../users/users.queries.js';
import { hashPassword, verifyPassword } from '../users/users.service.js';
import * as repo from './auth.repository.js';

const RESET_TTL_MS = 60 * 60 * 1000;
/** Verified against when the user does not exist, so a wrong e-mail takes as long as a wrong password. */
let dummyHash: Promise<string> | undefined;

/**
 * Failed logins per e-mail address, whatever the IP: after `maxFailures` the account waits 30 s, then
 * twice as long after each further failure (up to 15 min). Unknown addresses count alike, so the answer
 * does not tell whether an account exists. The same policy, on keys of their own, slows each client the
 * account signed in from before (see LoginGuards).
 */
export function loginBackoffPolicy(maxFailures: number): BackoffPolicy {
  return { free: maxFailures, firstWaitMs: 30_000, maxWaitMs: 15 * 60_000, forgetMs: 60 * 60_000 };
}

/** How long an address the account signed in from stays known to it (each sign-in renews it). */
export const KNOWN_CLIENT_MS = 30 * 86_400_000;
/** The window LOGIN_ALERT_FAILURES counts wrong passwords for one account in. */
export const ALERT_WINDOW_MS = 60 * 60_000;

/**
 * What the login counts with (decision 063). A wrong guess only slows the clients it came from: a
 * client the account knows (an address it signed in from within KNOWN_CLIENT_MS, or a remembered
 * two-step device) is slowed on its own key, every other client on the account's, so an attacker who
 * keeps failing never locks the owner out of their usual places. A used reset link clears the account's.
 */
export interface LoginGuards {
  /** Clients the account does not know, per account. */
  accounts: Backoff;
  /** Each known client of an account. */
  knownClients: Backoff;
  /** account + client: the account signed in from this client. */
  known: Marks;
  /** Wrong passwords per account, for the alert. */
  wrong: Tally;
  /** Many failures for one account: counted in the metrics (the log line and audit entry are here). */
  onAlert: () => void;
}

/** 429 for an account that is waiting out its failed logins; the route sends Retry-After. */
export class LoginBackoffError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(ErrorCode.RateLimited, 'Too many failed logins for this account, try again later');
  }
}

const accountOf = (username: string) => username.trim().toLowerCase();

/** The client's key when the account knows it: a remembered device first, else the address. */
async function knownClient(
  ctx: AppContext,
  guards: LoginGuards,
  account: string,
  user: UserRow | undefined,
  ip: string,
  deviceToken: string | undefined,
): Promise<string | undefined> {
  if (user && deviceToken && (await isRememberedDevice(ctx, user.id, deviceToken))) {
    return `${account}\ndevice:${sha256(deviceToken)}`;
  }
  const byAddress = `${account}\nip:${ip}`;
  return (await guards.known.has(byAddress)) ? byAddress : undefined;
}

export async function login(
  ctx: AppContext,
  body: LoginBody,
  client: { ip: string; requestId: string },
  guards: LoginGuards,
): Promise<LoginResponse> {
  const account = accountOf(body.username);
  const user = await findUserByEmail(ctx.db, body.username.trim());
  const known = await knownClient(ctx, guards, account, user, client.ip, body.device_token);
  const failures = known ? guards.knownClients : guards.accounts;
  const key = known ?? account;
  // Counted before the password is checked, so parallel guesses cannot slip past the count.
  const wait = await failures.attempt(key);
  if (wait !== undefined) throw new LoginBackoffError(Math.ceil(wait / 1000));
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), body.password);
  // An archived user gets the very answer of a wrong password (the account is gone, docs/money-rules.md §9).
  if (!user || !ok || user.archivedAt) {
    await countWrongPassword(ctx, guards, account, user, client);
    throw new AppError(ErrorCode.InvalidCredentials, 'Wrong e-mail address or password');
  }
  // Only this client's count starts over: the owner signing in hands an attacker no fresh free guesses.
  await failures.reset(key);
  await guards.known.set(`${account}\nip:${client.ip}`);
  // Two-step login on: a challenge for the second step, unless this device is remembered (decision 036).
  return afterPassword(ctx, user, body.device_token);
}

/**
 * Counts a wrong password for the account; the LOGIN_ALERT_FAILURES-th in an hour raises the alert once:
 * a warning in the log, the metric, and for an existing account an entry in the audit trail.
 */
async function countWrongPassword(
  ctx: AppContext,
  guards: LoginGuards,
  account: string,
  user: UserRow | undefined,
  client: { ip: string; requestId: string },
): Promise<void> {
  if ((await guards.wrong.add(account)) !== ctx.config.LOGIN_ALERT_FAILURES) return;
  guards.onAlert();
  ctx.log.warn(
    { userId: user?.id ?? null, failures: ctx.config.LOGIN_ALERT_FAILURES, ip: client.ip },
    `many failed logins for one account (${user ? 'an existing' : 'an unknown'} address) within an hour`,
  );
  if (!user) return;
  await ctx.db.transaction((tx) =>
    recordPlatformAudit(
      tx,
      { action: 'user.loginFailures', entityType: 'user', entityId: user.id },
      {
        id: client.requestId,
        ip: client.ip,
      },
    ),
  );
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Reset links per address, whoever asks: 5, then one after 15 minutes, after 30, up to one an hour
 * (forgotten after a quiet hour). Known and unknown addresses alike, so the limit tells nothing.
 */
export const RECOVERY_LIMITS: AddressLimitPolicies = {
  perAddress: { free: 5, firstWaitMs: 15 * 60_000, maxWaitMs: 60 * 60_000, forgetMs: 60 * 60_000 },
};

/**
 * POST auth/password-recover: answers at once and alike for every address, known or not. Looking the
 * address up, making the link and mailing it happen after the answer, so neither the answer nor its
 * timing tells whether the address has an account.
 */
export function requestPasswordReset(ctx: AppContext, email: string): void {
  ctx.background.run('password recovery', () => recoverPassword(ctx, email));
}

/** Mails a single-use reset link; a new link ends every older one still unused. */
export async function recoverPassword(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.archivedAt) {
    ctx.log.info('password recovery for an unknown (or archived) address');
    return;
  }
  // The token and its mail commit together; the outbox worker sends it (off the response path).
  await ctx.db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    await issueResetLink(ctx, tx, user);
  });
  ctx.outbox.kick();
}

/** A new reset link for the (locked) user, queued as mail to their address; older unused links end. */
async function issueResetLink(ctx: AppContext, tx: Tx, user: UserRow): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = sha256(token);
  const link = appUrl(ctx.config.publicUrl, 'passwordReset', {}, user.locale, { token });
  const mail = passwordResetMail(user.locale, { brand: ctx.config.BRAND_NAME, name: user.firstName, link });
  await endResetLinks(tx, user.id);
  await repo.insertResetToken(tx, user.id, tokenHash, new Date(Date.now() + RESET_TTL_MS));
  await queueMail(tx, { to: user.email, ...mail }, { dedupeKey: `password-reset:${tokenHash}` });
}

/**
 * POST users/{id}/password-reset (platform admins, issue 33): support helps a user who cannot sign in
 * by having a reset link mailed to the user's own address. Nobody but the user ever sets their password,
 * so an admin cannot sign in as them. Audited as user.passwordResetSent.
 */
export async function sendResetLinkByAdmin(ctx: AppContext, actor: Actor, userId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw AppError.notFound('User');
    if (user.archivedAt) throw AppError.because(ErrorCode.Conflict, 'userArchived');
    await issueResetLink(ctx, tx, user);
    await recordAudit(tx, actor, { action: 'user.passwordResetSent', entityType: 'user', entityId: user.id });
  });
  ctx.outbox.kick();
}

/**
 * Sets the new password; signs out every session of the user and ends every other reset link. The
 * account's failed logins are forgotten: whoever holds the mailbox is the owner, from any client.
 */
export async function resetPassword(ctx: AppContext, body: PasswordResetBody, accounts: Backoff): Promise<void> {
  // Checked against the link's owner while the link stays unused, so a refused password can be retried.
  const tokenHash = sha256(body.token);
  const ownerId = await repo.findResetTokenOwner(ctx.db, tokenHash, new Date());
  const owner = ownerId ? await findUserById(ctx.db, ownerId) : undefined;
  if (owner) await assertStrongPassword(ctx, 'new_password', body.new_password, owner);
  const passwordHash = await hashPassword(body.new_password);
  const user = await ctx.db.transaction(async (tx) => {
    // The user's row first, like every password change and new link: they take turns, never deadlock.
    // (A link's user never changes; a link that was not valid above is refused just below.)
    if (ownerId) await lockUser(tx, ownerId);
    const userId = await repo.consumeResetToken(tx, tokenHash, new Date());
    if (!userId) {
      throw AppError.field(
        ErrorCode.InvalidToken,
        'token',
        { key: 'invalid' },
        'This reset link is invalid, used or expired',
      );
    }
    const changed = await replacePassword(tx, userId, passwordHash);
    const user = await findUserById(tx, userId);
    if (changed && user) await queuePasswordChangedMail(ctx, tx, user, changed.tokenVersion);
    // The link was mailed to the account's address (and a change of address ends every link): using
    // it proves the address as a confirmation link would (decision 061).
    if (user) await markEmailProven(tx, user.id, user.email);
    return user;
  });
  ctx.outbox.kick();
  if (user) await accounts.reset(accountOf(user.email));
}
