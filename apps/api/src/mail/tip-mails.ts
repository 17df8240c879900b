import { formatCents, intlLocaleOf, type Locale, shownEpisodeNumber } from '@podpot/domain';
import type { MailContent } from './templates.js';
import { userText } from './user-text.js';

/** Mails about tips, in the recipient's language (docs/conventions.md §2). Amounts are integer cents. */

function formatDate(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocaleOf(locale), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Amsterdam',
  }).format(date);
}

/** "For episode 42: Title" / "Voor aflevering 42: Titel" (without a number: "For the episode: Title"). */
function episodeLine(locale: Locale, episode: { title: string; number: number | null }): string {
  const number = shownEpisodeNumber(episode);
  if (locale === 'nl') {
    return number !== null
      ? `Voor aflevering ${number}: ${userText(episode.title)}`
      : `Voor de aflevering: ${userText(episode.title)}`;
  }
  return number !== null
    ? `For episode ${number}: ${userText(episode.title)}`
    : `For the episode: ${userText(episode.title)}`;
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
  },
): MailContent {
  const amount = formatCents(p.amount, locale);
  const episode = p.episode ? episodeLine(locale, p.episode) : null;
  const fee = formatCents(p.fee, locale);
  const date = formatDate(p.paidAt, locale);
  if (locale === 'nl') {
    return {
      subject: `Bedankt voor je fooi aan ${userText(p.tipjarName).inSubject()} - ${p.brand}`,
      text: [
        'Hoi,',
        '',
        `Bedankt voor je fooi aan ${userText(p.tipjarName)}! Je betaling is gelukt.`,
        '',
        `Bedrag: ${amount}`,
        `Aan: ${userText(p.tipjarName)}`,
        ...(episode ? [episode] : []),
        `Datum: ${date}`,
        `Waarvan platformkosten ${p.brand}: ${fee}`,
        `Referentie: ${p.reference}`,
        '',
        'Bewaar deze mail als betalingsbewijs.',
        '',
        'Groet,',
        p.brand,
      ].join('\n'),
    };
  }
  return {
    subject: `Thank you for your tip to ${userText(p.tipjarName).inSubject()} - ${p.brand}`,
    text: [
      'Hi,',
      '',
      `Thank you for your tip to ${userText(p.tipjarName)}! Your payment went through.`,
      '',
      `Amount: ${amount}`,
      `To: ${userText(p.tipjarName)}`,
      ...(episode ? [episode] : []),
      `Date: ${date}`,
      `Of which ${p.brand} platform fee: ${fee}`,
      `Reference: ${p.reference}`,
      '',
      'Keep this e-mail as your receipt.',
      '',
      'Best,',
      p.brand,
    ].join('\n'),
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
  const net = formatCents(p.amount - p.fee, locale);
  if (locale === 'nl') {
    const from = p.fromName !== null ? userText(p.fromName) : 'een anonieme luisteraar';
    return {
      subject: `Nieuwe fooi van ${amount} voor ${userText(p.tipjarName).inSubject()} - ${p.brand}`,
      text: [
        'Hoi,',
        '',
        `${userText(p.tipjarName)} heeft een fooi van ${amount} gekregen van ${from}.`,
        `Na platformkosten: ${net}.`,
        ...(p.message ? ['', 'Bericht:', userText(p.message).quoted()] : []),
        '',
        `Bekijk je fooien: ${p.link}`,
        '',
        'Groet,',
        p.brand,
      ].join('\n'),
    };
  }
  const from = p.fromName !== null ? userText(p.fromName) : 'an anonymous listener';
  return {
    subject: `New tip of ${amount} for ${userText(p.tipjarName).inSubject()} - ${p.brand}`,
    text: [
      'Hi,',
      '',
      `${userText(p.tipjarName)} received a tip of ${amount} from ${from}.`,
      `After the platform fee: ${net}.`,
      ...(p.message ? ['', 'Message:', userText(p.message).quoted()] : []),
      '',
      `See your tips: ${p.link}`,
      '',
      'Best,',
      p.brand,
    ].join('\n'),
  };
}
