import {
  BOOST_MOMENT_TEXT_MAX,
  type BoostInput,
  boostFieldErrors,
  type FieldError,
  parseBoostMoment,
} from '@podpot/domain';
import { Field } from '@/storefront/form-field';
import type { Translate } from '@/storefront/strings';

/*
 * An episode boost on the episode's tip page (issue 41 part 5, decision 097): "Read my message on
 * air" and, once ticked, the moment it is about ("at 12:34"), sent as seconds. The rules are the
 * API's (boostFieldErrors); a moment that is no mm:ss is this form's own.
 */

export interface BoostState {
  readOnAir: boolean;
  /** As typed: '12:34', '1:02:03' or empty. */
  moment: string;
}
export type BoostField = 'readOnAir' | 'boostMoment' | 'message';
export type BoostErrors = Partial<Record<BoostField, FieldError>>;

export const NO_BOOST: BoostState = { readOnAir: false, moment: '' };

/** What the tip's data gets: nothing unless "read on air" is ticked. */
export function boostDataOf(boost: BoostState): Pick<BoostInput, 'readOnAir' | 'boostMoment'> {
  if (!boost.readOnAir) return {};
  const seconds = boost.moment.trim() === '' ? null : parseBoostMoment(boost.moment);
  return seconds === null ? { readOnAir: true } : { readOnAir: true, boostMoment: seconds };
}

/** The boost's field errors for an episode's tip (none without one, or unticked). */
export function boostErrorsOf(
  boost: BoostState,
  input: { episodeId?: string; message?: string; duration?: number | null },
): BoostErrors {
  if (!input.episodeId || !boost.readOnAir) return {};
  if (boost.moment.trim() !== '' && parseBoostMoment(boost.moment) === null) {
    return { ...boostFieldErrors({ ...input, readOnAir: true }), boostMoment: { key: 'boostMoment' } };
  }
  return boostFieldErrors({ ...input, ...boostDataOf(boost) }, input.duration);
}

export function BoostFields({
  boost,
  onChange,
  errors,
  t,
}: {
  boost: BoostState;
  onChange: (boost: BoostState, field: BoostField) => void;
  errors: BoostErrors;
  t: Translate;
}) {
  const error = errors.boostMoment ?? errors.readOnAir;
  return (
    <div className="sf-boost" data-testid="boost-fields">
      <label className="sf-choice">
        <input
          type="checkbox"
          checked={boost.readOnAir}
          aria-describedby="field-readOnAir-helper-text"
          onChange={(event) => onChange({ ...boost, readOnAir: event.target.checked }, 'readOnAir')}
        />
        {t('boosts:storefront.readOnAir')}
      </label>
      <p id="field-readOnAir-helper-text" className="sf-help">
        {t('boosts:storefront.readOnAirHelp')}
      </p>
      {boost.readOnAir && (
        <Field
          id="field-boostMoment"
          label={t('boosts:storefront.moment')}
          help={t('boosts:storefront.momentHelp')}
          error={error ? t(`validation:${error.key}`, error.params) : undefined}
        >
          {(a11y) => (
            <input
              {...a11y}
              value={boost.moment}
              autoComplete="off"
              maxLength={BOOST_MOMENT_TEXT_MAX}
              onChange={(event) => onChange({ ...boost, moment: event.target.value }, 'boostMoment')}
            />
          )}
        </Field>
      )}
    </div>
  );
}
