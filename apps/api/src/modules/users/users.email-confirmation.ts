import { randomUUID } from 'node:crypto';
import { appUrl, type Locale } from '@podpot/domain';
import { jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { emailConfirmationMail } from '../../mail/account-mails.js';
import { queueMail } from '../../mail/outbox.js';
import { clearEmailVerified, endResetLinks, markEmailVerified } from './users.repository.js';

/**
 * Proving an account's e-mail address (decision 061). Whoever registers may type any address; only
 * someone who reads mail there can open the link we send to it. Until then the address is the account's
 * login, nothing more: the privacy export and erasure take no tip merely for being given with it.
 *
 * The link carries a signed token naming the user and the address (issuer `podpot:email`, which no
 * access token or two-step challenge has), valid for 7 days. It proves exactly that address: once the
 * address changes, every older link stops counting, and opening a link twice changes nothing.
 */
const ISSUER = 'podpot:email';
export const EMAIL_CONFIRMATION_DAYS = 7;

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signEmailConfirmation(secret: string, user: { id: string; email: string }): Promise<string> {
  return new SignJWT({ email: user.email })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${EMAIL_CONFIRMATION_DAYS}d`)
    .sign(keyOf(secret));
}

/** The user and address of a valid, unexpired confirmation token; undefined for anything else. */
export async function readEmailConfirmation(
  secret: string,
  token: string,
): Promise<{ userId: string; email: string } | undefined> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    if (!payload.sub || typeof payload.email !== 'string') return undefined;
    return { userId: payload.sub, email: payload.email };
  } catch {
    return undefined;
  }
}

/** Mails a confirmation link to the user's current address, in the transaction (or handle) given. */
export async function queueEmailConfirmationMail(
  ctx: AppContext,
  db: DbOrTx,
  user: { id: string; email: string; firstName: string; locale: Locale },
): Promise<void> {
  const token = await signEmailConfirmation(ctx.config.JWT_SECRET, user);
  const mail = emailConfirmationMail(user.locale, {
    brand: ctx.config.BRAND_NAME,
    name: user.firstName,
    email: user.email,
    link: appUrl(ctx.config.publicUrl, 'confirmEmail', {}, user.locale, { token }),
    days: EMAIL_CONFIRMATION_DAYS,
  });
  // Each link is its own mail (sending it again is asked for); the route limits how often.
  await queueMail(db, { to: user.email, ...mail }, { dedupeKey: `email-confirm:${user.id}:${randomUUID()}` });
}

/**
 * The address is proven: the user's, when it is still `email` (a link for an address the account no
 * longer has proves nothing). Answers whether the account's address is `email`, proven now or before.
 */
export function markEmailProven(db: DbOrTx, userId: string, email: string, at = new Date()): Promise<boolean> {
  return markEmailVerified(db, userId, email, at);
}

/**
 * The account's address changed (an admin's change): it is unproven again, reset links mailed to the
 * old address stop working (using one would otherwise prove the new address), and the new address
 * gets a confirmation link. In the transaction of the change.
 */
export async function addressChanged(
  ctx: AppContext,
  tx: DbOrTx,
  user: { id: string; email: string; firstName: string; locale: Locale },
): Promise<void> {
  await clearEmailVerified(tx, user.id);
  await endResetLinks(tx, user.id);
  await queueEmailConfirmationMail(ctx, tx, user);
}
