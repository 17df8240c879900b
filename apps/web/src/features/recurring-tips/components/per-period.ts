import { formatDayOfYear, type RecurringTip } from '@podpot/domain';
import type { Locale } from '@podpot/domain/locale';
import { useTranslation } from 'react-i18next';

/*
 * A recurring tip's amount is per month or, for a yearly tip, per year (decision 092): the texts that
 * say which, for the tipper's pages and the backoffice alike.
 */

type Interval = Pick<RecurringTip, 'interval'>;

export function usePeriodText() {
  const { t } = useTranslation(['recurringtips', 'yearlytips']);
  return {
    /** "€ 5,00 per maand" / "€ 60,00 per jaar". */
    amount: (tip: Interval, amount: string) =>
      tip.interval === 'year' ? t('yearlytips:perYear', { amount }) : t('recurringtips:perMonth', { amount }),
    /** "… per maand vanaf volgende maand" / "… per jaar vanaf volgend jaar". */
    next: (tip: Interval, amount: string) =>
      tip.interval === 'year' ? t('yearlytips:nextAmount', { amount }) : t('recurringtips:nextAmount', { amount }),
    /** The label of the amount field of the tipper's change. */
    amountLabel: (tip: Interval) =>
      tip.interval === 'year' ? t('yearlytips:amountLabel') : t('recurringtips:detail.amountLabel'),
    /** When it is charged: "op dag 28 van elke maand" / "elk jaar op 28 november". */
    chargeDay: (tip: Interval & Pick<RecurringTip, 'chargeDay' | 'nextChargeAt'>, locale: Locale) => {
      if (!tip.chargeDay) return '—';
      if (tip.interval !== 'year') return t('recurringtips:chargeDay', { day: tip.chargeDay });
      return tip.nextChargeAt
        ? t('yearlytips:chargeDay', {
            date: formatDayOfYear(new Date(tip.nextChargeAt).getUTCMonth(), tip.chargeDay, locale),
          })
        : t('yearlytips:chargeDayNoDate', { day: tip.chargeDay });
    },
    amountHelp: (tip: Interval, range: { min: string; max: string }) =>
      tip.interval === 'year' ? t('yearlytips:amountHelp', range) : t('recurringtips:detail.amountHelp', range),
  };
}

/** The tipper's page texts that name the period ("monthly tip", "this month"), with a yearly wording each. */
const YEARLY_DETAIL = [
  'title',
  'tokenNotice',
  'started',
  'failedAttempts',
  'cancelled',
  'cancel',
  'pausedDone',
  'resumedDone',
  'cancelledDone',
  'confirmTitle',
  'confirmText',
  'confirmButton',
  'amountDone',
  'raiseNeedsLogin',
  'retryText',
  'amountByLink',
] as const;
export type PeriodDetailKey = (typeof YEARLY_DETAIL)[number];

/** `detail.<key>` of the tipper's page in the tip's wording: a yearly tip's from the yearlytips catalog. */
export function useDetailText(tip: Interval) {
  const { t } = useTranslation(['recurringtips', 'yearlytips']);
  const translate = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  return (key: PeriodDetailKey, options?: Record<string, unknown>) =>
    translate(tip.interval === 'year' ? `yearlytips:detail.${key}` : `recurringtips:detail.${key}`, options);
}
