import {
  type CreateUserBody,
  ErrorCode,
  type RegisterBody,
  type UpdatePasswordBody,
  type UpdateProfileBody,
  type UpdateUserBody,
  type User,
} from '@podpot/domain';
import argon2 from 'argon2';
import type { Actor, AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { TokenSubject } from '../../lib/access-token.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { ParsedListQuery } from '../../lib/list-query.js';
import { recordAudit, recordPlatformAudit } from '../audit/audit.service.js';
import { queueEmailConfirmationMail } from './users.email-confirmation.js';
import { queueEmailChangedMails, queuePasswordChangedMail } from './users.mails.js';
import { assertStrongPassword } from './users.password-strength.js';
import * as repo from './users.repository.js';

/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes). */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

export function toUser(row: repo.UserRow, tipjars: User['tipjars'] = []): User {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    locale: row.locale,
    profile: { firstName: row.firstName, lastName: row.lastName, phoneNumber: row.phoneNumber ?? null },
    address: row.address ?? null,
    tipjars,
    twoStepEnabled: row.twoStepEnabled,
    emailVerified: row.emailVerifiedAt !== null,
    created: row.created.toISOString(),
    archivedAt: row.archivedAt?.toISOString() ?? null,
  };
}

async function withTipjars(db: DbOrTx, row: repo.UserRow): Promise<User> {
  const refs = await repo.listTipjarRefs(db, [row.id]);
  return toUser(row, refs.get(row.id) ?? []);
}

function emailTaken(): AppError {
  return AppError.field(
    ErrorCode.EmailTaken,
    'data.email',
    { key: 'emailTaken' },
    'This e-mail address is already in use',
  );
}

export async function isEmailAvailable(ctx: AppContext, email: string): Promise<boolean> {
  return !(await repo.findUserByEmail(ctx.db, email));
}

/** A new USER account. `passwordField` names the password in the request (the order form nests it). */
export async function registerUser(
  ctx: AppContext,
  data: RegisterBody['data'],
  { db = ctx.db, passwordField = 'data.password' }: { db?: DbOrTx; passwordField?: string } = {},
): Promise<repo.UserRow> {
  await assertStrongPassword(ctx, passwordField, data.password, data);
  if (await repo.findUserByEmail(db, data.email)) throw emailTaken();
  const passwordHash = await hashPassword(data.password);
  let row: repo.UserRow;
  try {
    row = await repo.insertUser(db, {
      email: data.email,
      passwordHash,
      firstName: data.firstName,
      lastName: data.lastName,
      locale: data.locale,
      role: 'USER',
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  // The address is unproven until the link mailed to it is opened (decision 061).
  await queueEmailConfirmationMail(ctx, db, row);
  if (db === ctx.db) ctx.outbox.kick();
  return row;
}

/**
 * `users/me` in one read: the user with the tip jars they administer, and the same row as an actor
 * (null when archived) for the auth plugin to check the session on; undefined when there is no such user.
 */
export async function getMe(
  ctx: AppContext,
  userId: string,
): Promise<{ user: User; actor: (Actor & { tokenVersion: number; twoStepEnabled: boolean }) | null } | undefined> {
  // Cached per process until the user or their tip jars change (decision 024).
  return ctx.sessions.me(userId, async () => {
    const me = await repo.findMe(ctx.db, userId);
    return me && { user: toUser(me.row, me.tipjars), actor: repo.actorOfUser(me.row) };
  });
}

export async function updateMyProfile(ctx: AppContext, actor: Actor, data: UpdateProfileBody['data']): Promise<User> {
  const row = await repo.updateUser(ctx.db, actor.userId, {
    firstName: data.firstName,
    lastName: data.lastName,
    phoneNumber: data.phoneNumber ? data.phoneNumber : null,
    ...(data.address ? { address: data.address } : {}),
    ...(data.locale ? { locale: data.locale } : {}),
  });
  if (!row) throw AppError.unauthorized();
  return withTipjars(ctx.db, row);
}

export async function updateMyPassword(
  ctx: AppContext,
  actor: Actor,
  data: UpdatePasswordBody['data'],
): Promise<TokenSubject> {
  const row = await repo.findUserById(ctx.db, actor.userId);
  if (!row) throw AppError.unauthorized();
  if (!(await verifyPassword(row.passwordHash, data.currentPassword))) {
    throw AppError.field(
      ErrorCode.WrongPassword,
      'data.currentPassword',
      { key: 'wrongPassword' },
      'The current password is wrong',
    );
  }
  await assertStrongPassword(ctx, 'data.newPassword', data.newPassword, row);
  const passwordHash = await hashPassword(data.newPassword);
  // Signs out every session of the user, this one too: the route hands it a token of the new version.
  const changed = await ctx.db.transaction(async (tx) => {
    const done = await repo.replacePassword(tx, actor.userId, passwordHash);
    if (done) await queuePasswordChangedMail(ctx, tx, row, done.tokenVersion);
    return done;
  });
  if (!changed) throw AppError.unauthorized();
  ctx.outbox.kick();
  // This session keeps what it passed: a session that passed two-step login still has.
  return { id: actor.userId, tokenVersion: changed.tokenVersion, twoStep: actor.twoStep === true };
}

export async function listUsers(ctx: AppContext, query: ParsedListQuery<repo.UserSortBy> & { archived?: boolean }) {
  const { rows, count } = await repo.listUsers(ctx.db, query);
  const refs = await repo.listTipjarRefs(
    ctx.db,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => toUser(r, refs.get(r.id) ?? [])), metadata: { count } };
}

export async function getUser(ctx: AppContext, id: string): Promise<User> {
  const row = await repo.findUserById(ctx.db, id);
  if (!row) throw AppError.notFound('User');
  return withTipjars(ctx.db, row);
}

/** POST users (platform admins): an account with a role, recorded in the audit trail (who, which role; no e-mail). */
export async function createUser(ctx: AppContext, actor: Actor, data: CreateUserBody['data']): Promise<User> {
  const created = await ctx.db.transaction(async (tx) => {
    const row = await registerUser(ctx, data, { db: tx });
    const withRole = data.role === 'USER' ? row : await repo.updateUser(tx, row.id, { role: data.role });
    await recordAudit(tx, actor, {
      action: 'user.created',
      entityType: 'user',
      entityId: row.id,
      after: { role: withRole!.role },
    });
    return withRole!;
  });
  return toUser(created);
}

/**
 * The first platform admin of a new deployment (`npm run users:create-admin`, docs/operations.md): made
 * by the operator, not by a person signed in, so the audit trail shows the platform as its author.
 */
export async function createAdminByOperator(ctx: AppContext, data: RegisterBody['data']): Promise<User> {
  const created = await ctx.db.transaction(async (tx) => {
    const row = await registerUser(ctx, data, { db: tx });
    const admin = await repo.updateUser(tx, row.id, { role: 'ADMIN' });
    await recordPlatformAudit(tx, {
      action: 'user.created',
      entityType: 'user',
      entityId: row.id,
      after: { role: 'ADMIN' },
    });
    return admin!;
  });
  ctx.outbox.kick();
  return toUser(created);
}

export async function updateUser(
  ctx: AppContext,
  actor: Actor,
  id: string,
  data: UpdateUserBody['data'],
): Promise<User> {
  const existing = await repo.findUserById(ctx.db, id);
  if (!existing) throw AppError.notFound('User');
  if (existing.archivedAt) throw AppError.because(ErrorCode.Conflict, 'userArchived');
  if (data.email && data.email !== existing.email && (await repo.findUserByEmail(ctx.db, data.email)))
    throw emailTaken();
  // An admin cannot take away their own admin role: the platform would be left without a way back.
  if (id === actor.userId && data.role && data.role !== 'ADMIN') {
    throw AppError.because(ErrorCode.Conflict, 'ownAdminRole', { fields: { 'data.role': { key: 'invalid' } } });
  }
  // No password here (the schema refuses one): an admin sends a reset link instead (issue 33).
  const { password: _never, ...rest } = data;
  try {
    const row = await ctx.db.transaction(async (tx) => {
      // Re-read under lock: the role recorded as before is the one this change replaced.
      const before = (await repo.lockUser(tx, id)) ?? existing;
      const after = await repo.updateUser(tx, id, rest);
      if (after && after.email !== before.email) {
        await queueEmailChangedMails(ctx, tx, before, after.email);
        // Who moved the account to another mailbox (where reset links go); the addresses are not kept.
        await recordAudit(tx, actor, { action: 'user.emailChanged', entityType: 'user', entityId: id });
      }
      // Role changes are audited (money-relevant: an ADMIN refunds and invoices); profile edits are not.
      if (after && after.role !== before.role) {
        await recordAudit(tx, actor, {
          action: 'user.roleChanged',
          entityType: 'user',
          entityId: id,
          before: { role: before.role },
          after: { role: after.role },
        });
      }
      return after;
    });
    ctx.outbox.kick();
    return withTipjars(ctx.db, row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}
