import { formatCents, type Level, levelOf, type RecurringInterval } from '@podpot/domain';
import type { Locale } from '@podpot/domain/locale';
import type { Translate } from '@/storefront/strings';

/** What a level costs per interval: its monthly amount, or twelve of them a year. */
export function levelPrice(level: Level, interval: RecurringInterval): number {
  return interval === 'year' ? level.amount * 12 : level.amount;
}

/**
 * The tip jar's levels (issue 40) as cards beside the free amount, once a recurring tip is chosen:
 * picking one fills its amount; any other amount stays allowed and the line below says which level
 * it reaches (`levelOf`, the rule the maker's lists use). Keyed off amount and interval only.
 */
export function LevelCards({
  levels,
  amount,
  interval,
  onPick,
  t,
  locale,
}: {
  levels: readonly Level[];
  /** Cents per interval; NaN while no amount is typed. */
  amount: number;
  interval: RecurringInterval;
  onPick: (cents: number) => void;
  t: Translate;
  locale: Locale;
}) {
  const valid = Number.isFinite(amount) && amount > 0;
  const reached = valid ? levelOf(levels, amount, interval) : null;
  const per = (cents: number) => t(`levels:storefront.per.${interval}`, { amount: formatCents(cents, locale) });
  return (
    <div className="sf-levels" data-testid="levels">
      <fieldset className="sf-level-list" aria-label={t('levels:storefront.label')}>
        {levels.map((level) => {
          const price = levelPrice(level, interval);
          return (
            <button
              key={level.id}
              type="button"
              className="sf-level"
              aria-pressed={valid && amount === price}
              onClick={() => onPick(price)}
            >
              <span className="sf-level-name">{level.name}</span>
              <span className="sf-level-price">{per(price)}</span>
              {level.perk && <span className="sf-level-perk">{level.perk}</span>}
            </button>
          );
        })}
      </fieldset>
      <p className="sf-small sf-muted" aria-live="polite" data-testid="level-reached">
        {!valid
          ? t('levels:storefront.free')
          : reached
            ? t('levels:storefront.reaches', { name: reached.name })
            : t('levels:storefront.below', { amount: per(levelPrice(levels[0]!, interval)) })}
      </p>
    </div>
  );
}
