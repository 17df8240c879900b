import {
  DEFAULT_PLATFORM_FEE_BPS,
  formatCents,
  MAX_TIP_CENTS,
  MIN_TIP_CENTS,
  parseEuroToCents,
  platformFeeOf,
} from '@podpot/domain';
import type { Locale } from '@podpot/domain/locale';
import { Field } from '@/storefront/form-field';
import type { Translate } from '@/storefront/strings';

/**
 * The tip form's amount: the tip jar's presets, the free amount in euros (its text kept as typed) and
 * what of it reaches the maker after the platform's fee. `onPick` gets the cents and the free amount's
 * text: empty for a preset; an empty or wrong text gives NaN, which the rules refuse.
 */
export function AmountChoice({
  headingId,
  presets,
  amount,
  valid,
  customText,
  showError,
  onPick,
  onCustomBlur,
  t,
  locale,
}: {
  headingId: string;
  presets: readonly number[];
  /** Cents; NaN while no amount is typed. */
  amount: number;
  /** Whether the amount passes the rules (then the fee line shows what the maker gets). */
  valid: boolean;
  customText: string;
  /** The amount's error is shown (the validation timing is the form's). */
  showError: boolean;
  onPick: (cents: number, customText: string) => void;
  onCustomBlur: () => void;
  t: Translate;
  locale: Locale;
}) {
  const fee = valid ? platformFeeOf(amount, DEFAULT_PLATFORM_FEE_BPS) : 0;
  const range = { min: formatCents(MIN_TIP_CENTS, locale), max: formatCents(MAX_TIP_CENTS, locale) };
  const presetValue = customText === '' && presets.includes(amount) ? amount : null;
  return (
    <section aria-labelledby={headingId} className="sf-section">
      <h2 id={headingId}>{t('storefront:amount.title')}</h2>
      {presets.length > 0 && (
        <fieldset aria-label={t('storefront:amount.presets')} className="sf-presets">
          {presets.map((preset) => (
            <button
              key={preset}
              type="button"
              className="sf-preset"
              aria-pressed={presetValue === preset}
              onClick={() => onPick(preset, '')}
            >
              {formatCents(preset, locale)}
            </button>
          ))}
        </fieldset>
      )}
      <Field
        id="field-customAmount"
        label={t('storefront:amount.custom')}
        help={t('storefront:amount.customHelp', range)}
        error={showError ? t('storefront:amount.range', range) : undefined}
        adornment="€"
      >
        {(a11y) => (
          <input
            {...a11y}
            value={customText}
            inputMode="decimal"
            autoComplete="off"
            onChange={(event) => {
              const typed = event.target.value;
              // An empty field falls back to no amount; a wrong one to NaN, which the rules refuse.
              onPick(typed.trim() === '' ? Number.NaN : (parseEuroToCents(typed) ?? Number.NaN), typed);
            }}
            onBlur={() => customText !== '' && onCustomBlur()}
          />
        )}
      </Field>
      <p className="sf-small sf-muted" aria-live="polite" data-testid="tip-fee">
        {valid
          ? t('storefront:amount.fee', {
              amount: formatCents(amount, locale),
              fee: formatCents(fee, locale),
              net: formatCents(amount - fee, locale),
              percent: DEFAULT_PLATFORM_FEE_BPS / 100,
            })
          : t('storefront:amount.feeRate', { percent: DEFAULT_PLATFORM_FEE_BPS / 100 })}
      </p>
    </section>
  );
}
