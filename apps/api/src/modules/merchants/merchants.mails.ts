import { appUrl } from '@podpot/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { tipjarAdmins, tipjars, users } from '../../db/schema/index.js';
import { bankAccountChangedMail } from '../../mail/account-mails.js';
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
  const [tipjar] = await tx
    .select({ id: tipjars.id, slug: tipjars.slug, name: tipjars.name })
    .from(tipjars)
    .where(eq(tipjars.id, tipjarId));
  if (!tipjar) return;
  const base = ctx.config.publicUrl;
  // Read here rather than through the tip jars module, which sits above merchants.
  const admins = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, locale: users.locale })
    .from(tipjarAdmins)
    .innerJoin(users, eq(users.id, tipjarAdmins.userId))
    .where(and(eq(tipjarAdmins.tipjarId, tipjarId), isNull(users.archivedAt)));
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
