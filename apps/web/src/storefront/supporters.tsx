import { formatCents, type GoalProgress, goalPercent, type PublicTipjar, type Supporter } from '@podpot/domain';
import type { Locale } from '@podpot/domain/locale';
import { formatNumber, formatPeriod, formatTimeAgo } from '@/lib/format';
import { EpisodeList } from '@/storefront/episodes';
import type { Translate } from '@/storefront/strings';

/*
 * The monthly goal and the supporter wall of a storefront (decision 032). Drawn by the server build only
 * (server.tsx): the browser keeps the server's HTML of these parts as it is (storefront-app.tsx
 * ServerPart), so none of this code is in a listener's first-visit JavaScript. Each supporter shows only
 * what the API's answer carries: it leaves out what the tip's privacy hides.
 */

/** Progress toward this month's goal, as an accessible progress bar with its text. */
export function GoalProgressBar({
  goal,
  progress,
  t,
  locale,
}: {
  goal: NonNullable<PublicTipjar['goal']>;
  progress: GoalProgress;
  t: Translate;
  locale: Locale;
}) {
  const percent = goalPercent(progress.current, goal.target);
  const amount = goal.kind === 'AMOUNT';
  const plural = goal.target === 1 ? 'one' : 'other';
  const target = amount ? formatCents(goal.target, locale) : formatNumber(goal.target, locale);
  const current = amount ? formatCents(progress.current, locale) : formatNumber(progress.current, locale);
  const text = amount
    ? t('storefront:goal.progressAmount', { current, target })
    : t(`storefront:goal.progressTippers_${plural}`, { current, target });
  const percentText = t('storefront:goal.percent', { percent });
  return (
    <section className="sf-goal" aria-labelledby="sf-goal-title">
      <h2 id="sf-goal-title" className="sf-goal-title">
        {t('storefront:goal.title', { month: formatPeriod(progress.month, locale) })}
        <span className="sf-goal-target">
          {amount
            ? t('storefront:goal.targetAmount', { target })
            : t(`storefront:goal.targetTippers_${plural}`, { target })}
        </span>
      </h2>
      <div
        className="sf-goal-bar"
        role="progressbar"
        aria-labelledby="sf-goal-title"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${text} (${percentText})`}
      >
        <div className="sf-goal-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="sf-goal-text">
        {text} · {percent >= 100 ? t('storefront:goal.reached') : percentText}
      </p>
    </section>
  );
}

function SupporterItem({
  supporter,
  t,
  locale,
  now,
}: {
  supporter: Supporter;
  t: Translate;
  locale: Locale;
  now: Date;
}) {
  return (
    <li className="sf-supporter">
      <p className="sf-supporter-line">
        {/* A supporter's own words may be right-to-left (Arabic, Hebrew): each keeps its own direction. */}
        <strong
          className={supporter.name === null ? 'sf-anonymous' : undefined}
          dir={supporter.name === null ? undefined : 'auto'}
        >
          {supporter.name ?? t('storefront:wall.anonymous')}
        </strong>
        {supporter.amount !== null && (
          <span className="sf-supporter-amount">{formatCents(supporter.amount, locale)}</span>
        )}
        {supporter.monthly && <span className="sf-supporter-monthly">{t('storefront:wall.monthly')}</span>}
        {/* The monthly supporter's level now (issue 40); the API leaves it out when the tip is anonymous. */}
        {supporter.monthly && supporter.level && <span className="sf-supporter-monthly">{supporter.level}</span>}
        <time className="sf-supporter-when" dateTime={supporter.paidAt}>
          {formatTimeAgo(supporter.paidAt, now, locale)}
        </time>
      </p>
      {supporter.message && (
        <p className="sf-supporter-message" dir="auto">
          {supporter.message}
        </p>
      )}
    </li>
  );
}

/** The recent supporters, newest first; when there are none yet, an invitation to be the first. */
export function SupporterWall({
  supporters,
  t,
  locale,
  now,
}: {
  supporters: Supporter[];
  t: Translate;
  locale: Locale;
  now: Date;
}) {
  return (
    <section className="sf-wall" aria-labelledby="sf-wall-title">
      <h2 id="sf-wall-title">{t('storefront:wall.title')}</h2>
      {supporters.length === 0 ? (
        <p className="sf-muted">{t('storefront:wall.empty')}</p>
      ) : (
        <ul className="sf-supporters">
          {supporters.map((supporter, index) => (
            // The wall carries no ids (nothing that names a tip); its order is fixed per render.
            // biome-ignore lint/suspicious/noArrayIndexKey: a static list, rendered once by the server
            <SupporterItem key={index} supporter={supporter} t={t} locale={locale} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The storefront's server parts of `tipjar` (StorefrontApp `parts`): its goal, when set, its recent
 * episodes, when the feed has any, and its wall.
 */
export function storefrontParts(tipjar: PublicTipjar, t: Translate, locale: Locale, now: Date) {
  return {
    episodes:
      tipjar.recentEpisodes && tipjar.recentEpisodes.length > 0 ? (
        <EpisodeList slug={tipjar.slug} episodes={tipjar.recentEpisodes} t={t} locale={locale} />
      ) : undefined,
    goal:
      tipjar.goal && tipjar.goalProgress ? (
        <GoalProgressBar goal={tipjar.goal} progress={tipjar.goalProgress} t={t} locale={locale} />
      ) : undefined,
    wall: tipjar.supporters ? (
      <SupporterWall supporters={tipjar.supporters} t={t} locale={locale} now={now} />
    ) : undefined,
  };
}
