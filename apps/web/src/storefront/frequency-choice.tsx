import { formatCents, formatDayOfYear, MAX_CHARGE_DAY } from '@podpot/domain';
import type { Locale } from '@podpot/domain/locale';
import type { TipDraft } from '@/lib/tip-draft';
import { RadioOptions } from '@/storefront/radio-options';
import type { Translate } from '@/storefront/strings';

type Frequency = TipDraft['frequency'];
const FREQUENCIES = ['once', 'monthly', 'yearly'] as const satisfies readonly Frequency[];

/**
 * How often a listener gives (one-off, every month, every year — decision 092), and what a recurring
 * choice means: the day it is charged, from today on. The legend and the choices of the tip form's
 * frequency fieldset.
 */
export function FrequencyChoice({
  name,
  frequency,
  amount,
  onChange,
  t,
  locale,
}: {
  name: string;
  frequency: Frequency;
  /** Cents, or null while the amount is not valid. */
  amount: number | null;
  onChange: (frequency: Frequency) => void;
  t: Translate;
  locale: Locale;
}) {
  const day = Math.min(new Date().getUTCDate(), MAX_CHARGE_DAY);
  // A yearly tip's charge day: this day (29–31: the 28th) of this month, every year (decision 092).
  const yearlyDate = formatDayOfYear(new Date().getUTCMonth(), day, locale);
  return (
    <>
      <legend>{t('recurringtips:storefront.label')}</legend>
      <div className="sf-row">
        <RadioOptions
          name={name}
          options={FREQUENCIES}
          value={frequency}
          onChange={onChange}
          label={(option) =>
            t(option === 'yearly' ? 'yearlytips:storefront.yearly' : `recurringtips:storefront.${option}`)
          }
        />
      </div>
      {frequency === 'yearly' && (
        <p className="sf-alert sf-info" data-testid="yearly-summary" aria-live="polite">
          {amount !== null
            ? t('yearlytips:storefront.yearlySummary', { amount: formatCents(amount, locale), date: yearlyDate })
            : t('yearlytips:storefront.yearlySummaryNoAmount', { date: yearlyDate })}
        </p>
      )}
      {frequency === 'monthly' && (
        <p className="sf-alert sf-info" data-testid="monthly-summary" aria-live="polite">
          {amount !== null
            ? t('recurringtips:storefront.monthlySummary', { amount: formatCents(amount, locale), day })
            : t('recurringtips:storefront.monthlySummaryNoAmount', { day })}
        </p>
      )}
    </>
  );
}
