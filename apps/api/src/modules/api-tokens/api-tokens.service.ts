import { createHash, randomBytes } from 'node:crypto';
import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenList,
  type ApiTokenScope,
  type CreateApiTokenBody,
  type CreatedApiToken,
  ErrorCode,
  MAX_API_TOKENS_PER_TIPJAR,
} from '@podpot/domain';
import { eq } from 'drizzle-orm';
import type { Actor, AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { tipjars } from '../../db/schema/index.js';
import { loadManagedTipjar } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { type AuditChange, recordAudit } from '../audit/audit.service.js';
import * as repo from './api-tokens.repository.js';

/** `pp_` and 32 random bytes in base64url (43 characters). */
const TOKEN_PATTERN = /^pp_[A-Za-z0-9_-]{43}$/;
/** How much of a token the list shows: `pp_` and five characters. */
const SHOWN_CHARACTERS = 8;
/** A token's last use is written at most this often (seconds): reads of an integration cost no write each. */
export const LAST_USED_PRECISION_SECONDS = 60;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** What a token lets its caller do (the auth plugin's ApiTokenGrant). */
export interface Grant {
  tokenId: string;
  userId: string;
  tipjarId: string;
  scopes: readonly ApiTokenScope[];
  lastUsedAt: Date | null;
}

/**
 * The grant of a bearer token that looks like ours, or undefined (unknown, revoked, expired, its
 * maker gone or no longer an admin of its tip jar). The token itself is only hashed, never kept or logged.
 */
export async function grantOf(ctx: AppContext, token: string): Promise<Grant | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const row = await repo.findGrant(ctx.db, hashOf(token));
  if (!row) return undefined;
  return {
    tokenId: row.id,
    userId: row.userId,
    tipjarId: row.tipjarId,
    scopes: row.scopes as ApiTokenScope[],
    lastUsedAt: row.lastUsedAt,
  };
}

/** Records the use of a token after the answer, when its last recorded use is a minute old or more. */
export function noteUse(ctx: AppContext, grant: Pick<Grant, 'tokenId' | 'lastUsedAt'>): void {
  const at = grant.lastUsedAt?.getTime();
  if (at !== undefined && Date.now() - at < LAST_USED_PRECISION_SECONDS * 1000) return;
  ctx.background.run('api token last use', () => repo.touch(ctx.db, grant.tokenId, LAST_USED_PRECISION_SECONDS));
}

function toApiToken(row: repo.ApiTokenRow, createdBy: string): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiTokenScope[],
    prefix: row.prefix,
    createdBy,
    created: row.created.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * A token made or revoked, in the audit trail in the transaction of the change: what it is and may do
 * (decision 096), never the token, its hash or its shown prefix.
 */
function auditToken(
  tx: Tx,
  actor: Actor,
  action: 'apitoken.created' | 'apitoken.revoked',
  token: repo.ApiTokenRow,
  values: Pick<AuditChange, 'before' | 'after'>,
): Promise<void> {
  return recordAudit(tx, actor, {
    action,
    entityType: 'apitoken',
    entityId: token.id,
    tipjarId: token.tipjarId,
    ...values,
  });
}

/** Only a session: a token never reaches the token routes (the allow-list has none of them); said here once more. */
function assertSession(actor: Actor): void {
  if (actor.apiToken) throw AppError.because(ErrorCode.Forbidden, 'apiTokenOperation');
}

/** GET tipjars/{id}/tokens: its admins and platform admins (who may revoke a token in a support case). */
export async function listTokens(ctx: AppContext, actor: Actor, tipjarId: string): Promise<ApiTokenList> {
  assertSession(actor);
  const tipjar = await loadManagedTipjar(ctx, actor, tipjarId);
  const rows = await repo.listForTipjar(ctx.db, tipjar.id);
  return { data: rows.map((r) => toApiToken(r.token, r.createdBy)) };
}

/**
 * POST tipjars/{id}/tokens: a new token acting as the caller for this tip jar. Only the tip jar's own
 * admins: a token acts as its maker, so a platform admin who is none would make a token good for nothing.
 */
export async function createToken(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  body: CreateApiTokenBody,
): Promise<CreatedApiToken> {
  assertSession(actor);
  const tipjar = await loadManagedTipjar(ctx, actor, tipjarId);
  if (!(await repo.administers(ctx.db, tipjar.id, actor.userId))) {
    throw AppError.because(ErrorCode.Forbidden, 'apiTokenOwnAdmins');
  }
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const expiresAt = body.expiresInDays ? new Date(Date.now() + body.expiresInDays * 86_400_000) : null;
  const row = await ctx.db.transaction(async (tx) => {
    // One creation at a time per tip jar, so the cap holds against a burst of requests.
    await tx.select({ id: tipjars.id }).from(tipjars).where(eq(tipjars.id, tipjar.id)).for('update');
    if ((await repo.countLive(tx, tipjar.id)) >= MAX_API_TOKENS_PER_TIPJAR) {
      throw AppError.because(ErrorCode.Conflict, 'apiTokenLimit', {
        params: { max: String(MAX_API_TOKENS_PER_TIPJAR) },
      });
    }
    const created = await repo.insert(tx, {
      userId: actor.userId,
      tipjarId: tipjar.id,
      name: body.name,
      scopes: [...new Set(body.scopes)],
      tokenHash: hashOf(token),
      prefix: token.slice(0, SHOWN_CHARACTERS),
      expiresAt,
    });
    await auditToken(tx, actor, 'apitoken.created', created, {
      after: { name: created.name, scopes: created.scopes, expiresAt: created.expiresAt },
    });
    return created;
  });
  const made = await repo.findWithMaker(ctx.db, row.id);
  return { ...toApiToken(row, made?.createdBy ?? ''), token };
}

/** DELETE tipjars/{id}/tokens/{tokenId}: the token stops working at once (the next request is a 401). */
export async function revokeToken(ctx: AppContext, actor: Actor, tipjarId: string, tokenId: string): Promise<void> {
  assertSession(actor);
  const tipjar = await loadManagedTipjar(ctx, actor, tipjarId);
  await ctx.db.transaction(async (tx) => {
    const token = await repo.findInTipjar(tx, tipjar.id, tokenId);
    if (!token) throw AppError.notFound('Token');
    // Revoking again keeps the first time and writes no second entry.
    if (token.revokedAt) return;
    await repo.revoke(tx, tipjar.id, token.id);
    await auditToken(tx, actor, 'apitoken.revoked', token, { before: { name: token.name } });
  });
}
