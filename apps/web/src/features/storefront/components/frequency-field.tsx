import { Alert, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { formatCents, MAX_CHARGE_DAY } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import type { TipDraft } from '@/lib/tip-draft';
import { useLocale } from '@/lib/use-locale';

export type TipFrequency = TipDraft['frequency'];

/** The day of the month a monthly tip started today is charged on (UTC, as the API; 29–31 → 28). */
export function chargeDayFrom(date: Date): number {
  return Math.min(date.getUTCDate(), MAX_CHARGE_DAY);
}

/**
 * One-off (default) or monthly. The monthly choice states plainly what it means: the amount per
 * month, the day of the month it is charged, and that it can be paused or cancelled any time.
 */
export function FrequencyField({
  value,
  onChange,
  amountCents,
}: {
  value: TipFrequency;
  onChange: (value: TipFrequency) => void;
  /** The chosen amount, or null while it is not valid. */
  amountCents: number | null;
}) {
  const { t } = useTranslation('recurringtips');
  const locale = useLocale();
  const day = chargeDayFrom(new Date());
  return (
    <FormControl component="fieldset" sx={{ mb: 3, width: '100%' }}>
      <FormLabel component="legend" id="frequency-label">
        {t('storefront.label')}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby="frequency-label"
        value={value}
        onChange={(event) => onChange(event.target.value as TipFrequency)}
      >
        <FormControlLabel value="once" control={<Radio />} label={t('storefront.once')} />
        <FormControlLabel value="monthly" control={<Radio />} label={t('storefront.monthly')} />
      </RadioGroup>
      {value === 'monthly' && (
        <Alert severity="info" sx={{ mt: 1 }} data-testid="monthly-summary" aria-live="polite">
          {amountCents !== null
            ? t('storefront.monthlySummary', { amount: formatCents(amountCents, locale), day })
            : t('storefront.monthlySummaryNoAmount', { day })}
        </Alert>
      )}
    </FormControl>
  );
}
