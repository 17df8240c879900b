import { formatBoostMoment, type Locale, shownEpisodeNumber } from '@podpot/domain';
import { formatCents, formatDateTime } from '../i18n/format.js';
import { t } from '../i18n/translate.js';
import { type MailContent, mailText } from './templates.js';
import { userText } from './user-text.js';

/** Mails about tips, in the recipient's language (docs/conventions.md §2). Amounts are integer cents. */

/** "For episode 42: Title" / "Voor aflevering 42: Titel" (without a number: "For the episode: Title"). */
function episodeLine(locale: Locale, episode: { title: string; number: number | null }): string {
  const number = shownEpisodeNumber(episode);
  const title = userText(episode.title);
  return number !== null
    ? t(locale, 'mail.tipReceipt.episode', { number, title })
    : t(locale, 'mail.tipReceipt.episodeUnnumbered', { title });
}

/** The tipper's receipt: amount, maker, date, the platform fee (never hidden, docs/domain-rules.md §9) and the reference. */
export function tipReceiptMail(
  locale: Locale,
  p: {
    brand: string;
    tipjarName: string;
    amount: number;
    fee: number;
    paidAt: Date;
    reference: string;
    /** The episode tipped for (decision 034). */
    episode?: { title: string; number: number | null } | null;
    /** A boost's moment in that episode, seconds (decision 097): "at 12:34 in <episode>". */
    boostMoment?: number | null;
  },
): MailContent {
  const tipjar = userText(p.tipjarName);
  return {
    subject: t(locale, 'mail.tipReceipt.subject', { tipjar: tipjar.inSubject(), brand: p.brand }),
    text: mailText(locale, p.brand, t(locale, 'mail.hi'), [
      t(locale, 'mail.tipReceipt.thanks', { tipjar }),
      [
        t(locale, 'mail.fact.amount', { amount: formatCents(p.amount, locale) }),
        t(locale, 'mail.tipReceipt.to', { tipjar }),
        p.episode ? episodeLine(locale, p.episode) : null,
        p.episode && p.boostMoment != null
          ? t(locale, 'mail.tipReceipt.boostMoment', {
              moment: formatBoostMoment(p.boostMoment),
              title: userText(p.episode.title),
            })
          : null,
        t(locale, 'mail.fact.date', { date: formatDateTime(p.paidAt, locale) }),
        t(locale, 'mail.fact.fee', { brand: p.brand, fee: formatCents(p.fee, locale) }),
        t(locale, 'mail.fact.reference', { reference: p.reference }),
      ],
      t(locale, 'mail.tipReceipt.keep'),
    ]),
  };
}

/** To a tip jar's admins when a tip arrived. `fromName` is null for anonymous tips. */
export function newTipMail(
  locale: Locale,
  p: {
    brand: string;
    tipjarName: string;
    amount: number;
    fee: number;
    fromName: string | null;
    message: string;
    link: string;
  },
): MailContent {
  const amount = formatCents(p.amount, locale);
  const tipjar = userText(p.tipjarName);
  const from = p.fromName !== null ? userText(p.fromName) : t(locale, 'mail.newTip.anonymous');
  return {
    subject: t(locale, 'mail.newTip.subject', { amount, tipjar: tipjar.inSubject(), brand: p.brand }),
    text: mailText(locale, p.brand, t(locale, 'mail.hi'), [
      [
        t(locale, 'mail.newTip.received', { tipjar, amount, from }),
        t(locale, 'mail.newTip.net', { net: formatCents(p.amount - p.fee, locale) }),
      ],
      p.message ? [t(locale, 'mail.newTip.message'), userText(p.message).quoted()] : null,
      t(locale, 'mail.newTip.see', { link: p.link }),
    ]),
  };
}
