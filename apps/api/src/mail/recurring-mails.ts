import type { Locale, RecurringInterval } from '@podpot/domain';
import { formatCents, formatDay, formatMonth } from '../i18n/format.js';
import { t } from '../i18n/translate.js';
import { type MailContent, mailText } from './templates.js';
import { userText } from './user-text.js';

/**
 * Mails about monthly tips, in the tipper's language (docs/conventions.md §2). Every one carries the signed
 * manage link (pause, change, cancel, fix the payment) — no password needed.
 */

interface Common {
  brand: string;
  tipjarName: string;
  manageLink: string;
}

/** A yearly tip's charge pays a year: its period is 'YYYY' (decision 092). */
function isYearPeriod(period: string): boolean {
  return !period.includes('-');
}

/** The first payment went through: the monthly (or yearly) tip runs. */
export function recurringStartedMail(
  locale: Locale,
  p: Common & {
    amount: number;
    fee: number;
    chargeDay: number;
    nextChargeAt: Date;
    reference: string;
    interval: RecurringInterval;
    /** The private supporter feed's URL, when the tip jar offers one and this tip's level unlocks it (issue 40). */
    feedUrl?: string | null;
  },
): MailContent {
  const amount = formatCents(p.amount, locale);
  const tipjar = userText(p.tipjarName);
  const yearly = p.interval === 'year';
  const next = formatDay(p.nextChargeAt, locale);
  return {
    subject: t(locale, yearly ? 'mail.recurringStarted.subjectYearly' : 'mail.recurringStarted.subject', {
      tipjar: tipjar.inSubject(),
      brand: p.brand,
    }),
    text: mailText(locale, p.brand, t(locale, 'mail.hi'), [
      [
        t(locale, yearly ? 'mail.recurringStarted.thanksYearly' : 'mail.recurringStarted.thanks', { amount, tipjar }),
        yearly
          ? t(locale, 'mail.recurringStarted.scheduleYearly', { amount, next })
          : t(locale, 'mail.recurringStarted.schedule', { amount, day: p.chargeDay, next }),
        t(locale, 'mail.fact.fee', { brand: p.brand, fee: formatCents(p.fee, locale) }),
        t(locale, 'mail.fact.reference', { reference: p.reference }),
      ],
      ...(p.feedUrl ? [[t(locale, 'mail.recurringStarted.feed', { url: p.feedUrl })]] : []),
      [t(locale, 'mail.recurringStarted.manage', { link: p.manageLink }), t(locale, 'mail.recurringStarted.linkValid')],
    ]),
  };
}

/** A few days before a charge (SEPA pre-notification). */
export function preNotificationMail(
  locale: Locale,
  p: Common & { amount: number; chargeAt: Date; interval: RecurringInterval },
): MailContent {
  const amount = formatCents(p.amount, locale);
  const date = formatDay(p.chargeAt, locale);
  const tipjar = userText(p.tipjarName);
  return {
    subject: t(locale, 'mail.preNotification.subject', { date, amount, tipjar: tipjar.inSubject(), brand: p.brand }),
    text: mailText(locale, p.brand, t(locale, 'mail.hi'), [
      t(locale, p.interval === 'year' ? 'mail.preNotification.collectYearly' : 'mail.preNotification.collect', {
        date,
        amount,
        tipjar,
      }),
      t(locale, 'mail.preNotification.change', { link: p.manageLink }),
    ]),
  };
}

/** A month (or a yearly tip's year) was collected. */
export function chargeReceiptMail(
  locale: Locale,
  p: Common & { amount: number; fee: number; period: string; paidAt: Date; reference: string },
): MailContent {
  const month = formatMonth(p.period, locale);
  const tipjar = userText(p.tipjarName);
  return {
    subject: t(locale, 'mail.chargeReceipt.subject', { month, tipjar: tipjar.inSubject(), brand: p.brand }),
    text: mailText(locale, p.brand, t(locale, 'mail.hi'), [
      t(locale, isYearPeriod(p.period) ? 'mail.chargeReceipt.paidYearly' : 'mail.chargeReceipt.paid', {
        tipjar,
        month,
      }),
      [
        t(locale, 'mail.fact.amount', { amount: formatCents(p.amount, locale) }),
        t(locale, 'mail.fact.date', { date: formatDay(p.paidAt, locale) }),
        t(locale, 'mail.fact.fee', { brand: p.brand, fee: formatCents(p.fee, locale) }),
        t(locale, 'mail.fact.reference', { reference: p.reference }),
      ],
      t(locale, 'mail.chargeReceipt.manage', { link: p.manageLink }),
    ]),
  };
}

/**
 * A month's debit that was not collected: what happened to it, what comes next, and the manage link to
 * set up the payment again.
 */
function notCollectedMail(
  locale: Locale,
  p: Common & { amount: number; period: string },
  kind: 'chargeFailed' | 'chargeback',
  next: string,
): MailContent {
  const month = formatMonth(p.period, locale);
  const tipjar = userText(p.tipjarName);
  const what = { amount: formatCents(p.amount, locale), tipjar, month };
  return {
    subject: t(locale, `mail.${kind}.subject`, { month, tipjar: tipjar.inSubject(), brand: p.brand }),
    text: mailText(locale, p.brand, t(locale, 'mail.hi'), [
      [
        kind === 'chargeFailed'
          ? t(locale, isYearPeriod(p.period) ? 'mail.chargeFailed.failedYearly' : 'mail.chargeFailed.failed', what)
          : t(locale, isYearPeriod(p.period) ? 'mail.chargeback.reversedYearly' : 'mail.chargeback.reversed', what),
        next,
        p.manageLink,
      ],
    ]),
  };
}

/**
 * A charge failed. With `retryAt` we try again then; without, every try failed and the tipper has
 * to set up the payment again (mandate retry) through the link. `late`: a retry whose day passed while
 * collecting was down is not made late (issue 34.5), so that failure was the last.
 */
export function chargeFailedMail(
  locale: Locale,
  p: Common & { amount: number; period: string; retryAt: Date | null; late?: boolean },
): MailContent {
  const next = p.retryAt
    ? t(locale, 'mail.chargeFailed.retry', { date: formatDay(p.retryAt, locale) })
    : t(locale, p.late ? 'mail.chargeFailed.stoppedLate' : 'mail.chargeFailed.stopped');
  return notCollectedMail(locale, p, 'chargeFailed', next);
}

/** The tipper's bank reversed a month's debit: collecting stops until the payment is set up again. */
export function chargebackMail(locale: Locale, p: Common & { amount: number; period: string }): MailContent {
  return notCollectedMail(locale, p, 'chargeback', t(locale, 'mail.chargeback.again'));
}

/**
 * A monthly tip ended: cancelled by its tipper (`tipper`, with a link to start again), or stopped by
 * the platform because its tip jar closed (`tipjar`) or the tipper's account was closed (`account`):
 * tip jar or user archived (docs/money-rules.md §9). No manage link: the monthly tip is cancelled for
 * good and its links are ended.
 */
export function monthlyTipEndedMail(
  locale: Locale,
  p: { brand: string; tipjarName: string; amount: number } & (
    | { reason: 'tipjar' | 'account' }
    | { reason: 'tipper'; startAgainLink: string }
  ),
): MailContent {
  const tipjar = userText(p.tipjarName);
  const closed = { brand: p.brand, tipjar, amount: formatCents(p.amount, locale) };
  const why = {
    tipper: 'mail.monthlyTipEnded.cancelledByYou',
    tipjar: 'mail.monthlyTipEnded.tipjarClosed',
    account: 'mail.monthlyTipEnded.accountClosed',
  } as const;
  const subject = p.reason === 'tipper' ? 'mail.monthlyTipEnded.cancelledSubject' : 'mail.monthlyTipEnded.subject';
  return {
    subject: t(locale, subject, { tipjar: tipjar.inSubject(), brand: p.brand }),
    text: mailText(locale, p.brand, t(locale, 'mail.hi'), [
      [t(locale, why[p.reason], closed), t(locale, 'mail.monthlyTipEnded.nothingMore')],
      p.reason === 'tipper' ? t(locale, 'mail.monthlyTipEnded.startAgain', { link: p.startAgainLink }) : null,
      t(locale, 'mail.monthlyTipEnded.thanks'),
    ]),
  };
}

/** To a tip jar's admins when a listener's monthly tip started (its mandate became usable). `fromName` null: anonymous. */
export function monthlySupporterMail(
  locale: Locale,
  p: { brand: string; tipjarName: string; amount: number; fee: number; fromName: string | null; link: string },
): MailContent {
  const amount = formatCents(p.amount, locale);
  const tipjar = userText(p.tipjarName);
  const from = p.fromName !== null ? userText(p.fromName) : t(locale, 'mail.monthlySupporter.anonymous');
  return {
    subject: t(locale, 'mail.monthlySupporter.subject', { amount, tipjar: tipjar.inSubject(), brand: p.brand }),
    text: mailText(locale, p.brand, t(locale, 'mail.hi'), [
      [
        t(locale, 'mail.monthlySupporter.started', { from, tipjar, amount }),
        t(locale, 'mail.monthlySupporter.net', { net: formatCents(p.amount - p.fee, locale) }),
      ],
      t(locale, 'mail.monthlySupporter.see', { link: p.link }),
    ]),
  };
}
