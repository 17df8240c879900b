import { appUrl } from '@podpot/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { tipjarAdmins, tipjars, users } from '../../db/schema/index.js';
import { bankAccountChangedMail } from '../../mail/account-mails.js';
import { payoutsReadyMail } from '../../mail/order-mails.js';
import { queueMail } from '../../mail/outbox.js';
import type * as repo from './merchants.repository.js';

/**
 * Another bank account than the one we knew (a new default account at the provider, or another IBAN):
 * not the first one a registration adds, which the maker just gave themselves.
 */
export function bankAccountChanged(before: repo.MerchantRow, state: Partial<repo.NewMerchantRow>): boolean {
  if (!before.bankAccountUid || !state.bankAccountUid) return false;
  if (state.bankAccountUid !== before.bankAccountUid) return true;
  return Boolean(before.bankAccountIban && state.bankAccountIban && state.bankAccountIban !== before.bankAccountIban);
}

/** The tip jar of a merchant and its admins (not archived): whom its mails go to, in their own language. */
async function tipjarAndAdmins(tx: DbOrTx, tipjarId: string) {
  const [tipjar] = await tx
    .select({ id: tipjars.id, slug: tipjars.slug, name: tipjars.name })
    .from(tipjars)
    .where(eq(tipjars.id, tipjarId));
  if (!tipjar) return undefined;
  // Read here rather than through the tip jars module, which sits above merchants.
  const admins = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, locale: users.locale })
    .from(tipjarAdmins)
    .innerJoin(users, eq(users.id, tipjarAdmins.userId))
    .where(and(eq(tipjarAdmins.tipjarId, tipjarId), isNull(users.archivedAt)));
  return { tipjar, admins };
}

/**
 * "Your bank account is verified: you can receive payouts" to each admin of the merchant's tip jar,
 * queued in the transaction that stored the complete registration. Once per merchant and bank account
 * (the dedupe key): a repeated notification, or two refreshes racing, send it once; a new bank account
 * verified later is news again.
 */
export async function queuePayoutsReadyMails(ctx: AppContext, tx: DbOrTx, merchant: repo.MerchantRow): Promise<void> {
  const found = merchant.tipjarId ? await tipjarAndAdmins(tx, merchant.tipjarId) : undefined;
  if (!found) return;
  for (const admin of found.admins) {
    const mail = payoutsReadyMail(admin.locale, {
      brand: ctx.config.BRAND_NAME,
      tipjarName: found.tipjar.name,
      payoutsLink: appUrl(
        ctx.config.publicUrl,
        'backofficeSettlements',
        { tipjarslug: found.tipjar.slug },
        admin.locale,
      ),
    });
    await queueMail(
      tx,
      { to: admin.email, ...mail },
      { dedupeKey: `payouts-ready:${merchant.id}:${merchant.bankAccountUid ?? ''}:${admin.id}` },
    );
  }
}

/**
 * "The bank account of <tip jar> was changed" to each of its admins, in their language, with what to do
 * when none of them did it (issue 15); queued in the transaction that stored the new account.
 */
export async function queueBankAccountChangedMails(
  ctx: AppContext,
  tx: DbOrTx,
  tipjarId: string,
  bankAccountUid: string,
): Promise<void> {
  const found = await tipjarAndAdmins(tx, tipjarId);
  if (!found) return;
  const { tipjar, admins } = found;
  const base = ctx.config.publicUrl;
  for (const admin of admins) {
    const mail = bankAccountChangedMail(admin.locale, {
      brand: ctx.config.BRAND_NAME,
      name: admin.firstName,
      tipjarName: tipjar.name,
      settingsLink: appUrl(base, 'backofficeSettings', { tipjarslug: tipjar.slug }, admin.locale),
      supportLink: appUrl(base, 'support', {}, admin.locale),
    });
    await queueMail(
      tx,
      { to: admin.email, ...mail },
      { dedupeKey: `bank-account-changed:${tipjarId}:${bankAccountUid}:${admin.id}` },
    );
  }
}
