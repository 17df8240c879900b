import type { RecurringTip, RecurringTipCharge, TipStatus } from '@podpot/domain';
import type { DbOrTx } from '../../db/client.js';
import { findLatestForOwners } from '../../payments/payments.repository.js';
import { listLevelsOf } from '../levels/levels.queries.js';
import { levelRefOf } from '../levels/levels.service.js';
import { CHARGE_KIND, isMandatePayment } from './recurring-tips.outcomes.js';
import * as repo from './recurring-tips.repository.js';

/** The API answers for recurring tips: batched reads of their months and mandate payments (never N+1). */

function toCharge(charge: repo.ChargeRow, tipStatus: TipStatus | null): RecurringTipCharge {
  return {
    id: charge.id,
    period: charge.period,
    amount: charge.amount,
    attempt: charge.attempt,
    status: charge.status,
    tipId: charge.tipId,
    tipStatus,
    nextAttemptAt: charge.status === 'scheduled' ? (charge.nextAttemptAt?.toISOString() ?? null) : null,
    failureReason: charge.failureReason,
    completedAt: charge.completedAt?.toISOString() ?? null,
    created: charge.created.toISOString(),
    updated: charge.updated.toISOString(),
  };
}

/** Full answers for several recurring tips, with batched reads of their charges and mandate payments. */
export async function toRecurringTips(
  db: DbOrTx,
  rows: repo.RecurringTipView[],
  options: { withEmail: boolean; hideAnonymousName: boolean },
): Promise<RecurringTip[]> {
  const charges = await repo.listCharges(
    db,
    rows.map((r) => r.id),
  );
  const byTip = new Map<string, typeof charges>();
  const latestMandateCharge = new Map<string, string>();
  for (const c of charges) {
    const list = byTip.get(c.charge.recurringTipId) ?? [];
    list.push(c);
    byTip.set(c.charge.recurringTipId, list);
  }
  for (const [id, list] of byTip) {
    const mandateCharge = [...list]
      .filter((c) => c.charge.via === 'mandate')
      .sort((a, b) => b.charge.updated.getTime() - a.charge.updated.getTime())[0];
    if (mandateCharge) latestMandateCharge.set(id, mandateCharge.charge.id);
  }
  const [payments, levels] = await Promise.all([
    findLatestForOwners(db, CHARGE_KIND, [...latestMandateCharge.values()]),
    // Each tip's level now (issue 40): the levels of the listed tip jars, read once.
    listLevelsOf(
      db,
      rows.map((r) => r.tipjarId),
    ),
  ]);
  return rows.map((row) => {
    const chargeId = latestMandateCharge.get(row.id);
    const payment = chargeId ? payments.get(chargeId) : undefined;
    const anonymous = row.privacy === 'ANONYMOUS';
    return {
      id: row.id,
      tipjarId: row.tipjarId,
      tipjar: { id: row.tipjarId, slug: row.tipjarSlug, name: row.tipjarName },
      userId: row.userId,
      amount: row.amount,
      interval: row.interval,
      nextAmount: row.nextAmount,
      status: row.status,
      mandate: {
        status: row.mandateStatus,
        paymentMethod: row.paymentMethod,
        // The mandate's checkout, also while its first payment's uid is not known yet.
        oppTransaction:
          payment?.status && isMandatePayment(payment)
            ? { status: payment.status, redirectUrl: payment.redirectUrl }
            : null,
      },
      chargeDay: row.chargeDay,
      nextChargeAt: row.nextChargeAt?.toISOString() ?? null,
      failedAttempts: row.failedAttempts,
      lastFailureReason: row.lastFailureReason,
      privacy: row.privacy,
      displayName: anonymous && options.hideAnonymousName ? null : (row.displayName ?? null),
      message: row.message,
      locale: row.locale,
      ...(options.withEmail ? { email: row.email } : {}),
      charges: (byTip.get(row.id) ?? []).map((c) => toCharge(c.charge, c.tipStatus)),
      level: levelRefOf(levels.get(row.tipjarId) ?? [], row),
      created: row.created.toISOString(),
      updated: row.updated.toISOString(),
    };
  });
}

export async function toRecurringTip(
  db: DbOrTx,
  row: repo.RecurringTipView,
  options: { withEmail: boolean; hideAnonymousName: boolean },
): Promise<RecurringTip> {
  const [one] = await toRecurringTips(db, [row], options);
  return one!;
}

export const OWNER_VIEW = { withEmail: true, hideAnonymousName: false };
