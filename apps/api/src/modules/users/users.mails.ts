import { appUrl, type Locale } from '@podpot/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { emailChangedMail, emailChangedNoticeMail, passwordChangedMail } from '../../mail/account-mails.js';
import { queueMail } from '../../mail/outbox.js';
import { addressChanged } from './users.email-confirmation.js';

/**
 * "Your password was changed", queued in the transaction that changed it (a change by the user, or by a
 * reset link), with what to do when it was not them (decision 035).
 */
export async function queuePasswordChangedMail(
  ctx: AppContext,
  tx: DbOrTx,
  user: { id: string; email: string; firstName: string; locale: Locale },
  tokenVersion: number,
): Promise<void> {
  const base = ctx.config.publicUrl;
  const mail = passwordChangedMail(user.locale, {
    brand: ctx.config.BRAND_NAME,
    name: user.firstName,
    recoveryLink: appUrl(base, 'passwordRecovery', {}, user.locale),
    supportLink: appUrl(base, 'support', {}, user.locale),
  });
  await queueMail(tx, { to: user.email, ...mail }, { dedupeKey: `password-changed:${user.id}:${tokenVersion}` });
}

/**
 * "Your e-mail address was changed" to the OLD address (whoever holds the new one may not be its owner),
 * and a note to the new address, queued in the transaction of the change (issue 15); the new address
 * becomes unproven and gets a confirmation link (decision 061).
 */
export async function queueEmailChangedMails(
  ctx: AppContext,
  tx: DbOrTx,
  user: { id: string; email: string; firstName: string; locale: Locale; tokenVersion: number },
  newEmail: string,
): Promise<void> {
  const base = ctx.config.publicUrl;
  const brand = ctx.config.BRAND_NAME;
  const supportLink = appUrl(base, 'support', {}, user.locale);
  const key = `email-changed:${user.id}:${user.email}:${newEmail}`;
  const old = emailChangedMail(user.locale, { brand, name: user.firstName, newEmail, supportLink });
  await queueMail(tx, { to: user.email, ...old }, { dedupeKey: `${key}:old` });
  const notice = emailChangedNoticeMail(user.locale, {
    brand,
    name: user.firstName,
    loginLink: appUrl(base, 'login', {}, user.locale),
    supportLink,
  });
  await queueMail(tx, { to: newEmail, ...notice }, { dedupeKey: `${key}:new` });
  // The new address is unproven until its own confirmation link is opened (decision 061).
  await addressChanged(ctx, tx, { ...user, email: newEmail });
}
