import type { RecurringTip } from '@podpot/domain';
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
    amountHelp: (tip: Interval, range: { min: string; max: string }) =>
      tip.interval === 'year' ? t('yearlytips:amountHelp', range) : t('recurringtips:detail.amountHelp', range),
  };
}
