import { formatCents, intlLocaleOf, type Locale } from '@podpot/domain';
import type { MailContent } from './templates.js';
import { userText } from './user-text.js';

/**
 * Mails about monthly tips, in the tipper's language (docs/conventions.md §2). Every one carries the signed
 * manage link (pause, change, cancel, fix the payment) — no password needed.
 */

function formatDay(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocaleOf(locale), {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(date);
}

function formatPeriod(period: string, locale: Locale): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(intlLocaleOf(locale), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 1)));
}

function body(lines: (string | false)[]): string {
  return lines.filter((l) => l !== false).join('\n');
}

interface Common {
  brand: string;
  tipjarName: string;
  manageLink: string;
}

/** The first payment went through: the monthly tip runs. */
export function recurringStartedMail(
  locale: Locale,
  p: Common & { amount: number; fee: number; chargeDay: number; nextChargeAt: Date; reference: string },
): MailContent {
  const amount = formatCents(p.amount, locale);
  const fee = formatCents(p.fee, locale);
  if (locale === 'nl') {
    return {
      subject: `Je maandelijkse fooi aan ${userText(p.tipjarName).inSubject()} loopt - ${p.brand}`,
      text: body([
        'Hoi,',
        '',
        `Bedankt! Je eerste betaling van ${amount} aan ${userText(p.tipjarName)} is gelukt en je maandelijkse fooi loopt.`,
        `We schrijven voortaan elke maand op de ${p.chargeDay}e ${amount} af; de volgende keer op ${formatDay(p.nextChargeAt, locale)}.`,
        `Waarvan platformkosten ${p.brand}: ${fee}`,
        `Referentie: ${p.reference}`,
        '',
        `Bedrag wijzigen, pauzeren of stoppen: ${p.manageLink}`,
        '(Deze link werkt 7 dagen; daarna kun je inloggen.)',
        '',
        'Groet,',
        p.brand,
      ]),
    };
  }
  return {
    subject: `Your monthly tip to ${userText(p.tipjarName).inSubject()} is running - ${p.brand}`,
    text: body([
      'Hi,',
      '',
      `Thank you! Your first payment of ${amount} to ${userText(p.tipjarName)} went through and your monthly tip is running.`,
      `From now on we collect ${amount} on day ${p.chargeDay} of every month; next on ${formatDay(p.nextChargeAt, locale)}.`,
      `Of which ${p.brand} platform fee: ${fee}`,
      `Reference: ${p.reference}`,
      '',
      `Change the amount, pause or stop: ${p.manageLink}`,
      '(This link works for 7 days; after that, sign in.)',
      '',
      'Best,',
      p.brand,
    ]),
  };
}

/** A few days before a charge (SEPA pre-notification). */
export function preNotificationMail(locale: Locale, p: Common & { amount: number; chargeAt: Date }): MailContent {
  const amount = formatCents(p.amount, locale);
  const date = formatDay(p.chargeAt, locale);
  if (locale === 'nl') {
    return {
      subject: `Op ${date} schrijven we ${amount} af voor ${userText(p.tipjarName).inSubject()} - ${p.brand}`,
      text: body([
        'Hoi,',
        '',
        `Op ${date} schrijven we je maandelijkse fooi van ${amount} aan ${userText(p.tipjarName)} af via je machtiging.`,
        '',
        `Wil je iets aanpassen, pauzeren of stoppen? ${p.manageLink}`,
        '',
        'Groet,',
        p.brand,
      ]),
    };
  }
  return {
    subject: `On ${date} we collect ${amount} for ${userText(p.tipjarName).inSubject()} - ${p.brand}`,
    text: body([
      'Hi,',
      '',
      `On ${date} we collect your monthly tip of ${amount} to ${userText(p.tipjarName)} through your mandate.`,
      '',
      `Want to change, pause or stop it? ${p.manageLink}`,
      '',
      'Best,',
      p.brand,
    ]),
  };
}

/** A month was collected. */
export function chargeReceiptMail(
  locale: Locale,
  p: Common & { amount: number; fee: number; period: string; paidAt: Date; reference: string },
): MailContent {
  const amount = formatCents(p.amount, locale);
  const fee = formatCents(p.fee, locale);
  const month = formatPeriod(p.period, locale);
  if (locale === 'nl') {
    return {
      subject: `Bedankt voor je fooi van ${month} aan ${userText(p.tipjarName).inSubject()} - ${p.brand}`,
      text: body([
        'Hoi,',
        '',
        `Je maandelijkse fooi aan ${userText(p.tipjarName)} voor ${month} is betaald.`,
        '',
        `Bedrag: ${amount}`,
        `Datum: ${formatDay(p.paidAt, locale)}`,
        `Waarvan platformkosten ${p.brand}: ${fee}`,
        `Referentie: ${p.reference}`,
        '',
        `Beheren: ${p.manageLink}`,
        '',
        'Groet,',
        p.brand,
      ]),
    };
  }
  return {
    subject: `Thank you for your ${month} tip to ${userText(p.tipjarName).inSubject()} - ${p.brand}`,
    text: body([
      'Hi,',
      '',
      `Your monthly tip to ${userText(p.tipjarName)} for ${month} was paid.`,
      '',
      `Amount: ${amount}`,
      `Date: ${formatDay(p.paidAt, locale)}`,
      `Of which ${p.brand} platform fee: ${fee}`,
      `Reference: ${p.reference}`,
      '',
      `Manage: ${p.manageLink}`,
      '',
      'Best,',
      p.brand,
    ]),
  };
}

/**
 * A charge failed. With `retryAt` we try again then; without, every try failed and the tipper has
 * to set up the payment again (mandate retry) through the link.
 */
export function chargeFailedMail(
  locale: Locale,
  p: Common & { amount: number; period: string; retryAt: Date | null; late?: boolean },
): MailContent {
  const amount = formatCents(p.amount, locale);
  const month = formatPeriod(p.period, locale);
  // A retry whose day passed while collecting was down is not made late (issue 34.5): the last failure.
  const stopped = p.late
    ? {
        nl: 'We konden het niet op tijd opnieuw proberen en stoppen nu met afschrijven. Stel de betaling opnieuw in om je fooi voort te zetten:',
        en: 'We could not try again in time and have stopped collecting. Set up the payment again to continue your tip:',
      }
    : {
        nl: 'We hebben het drie keer geprobeerd en stoppen nu met afschrijven. Stel de betaling opnieuw in om je fooi voort te zetten:',
        en: 'We tried three times and have stopped collecting. Set up the payment again to continue your tip:',
      };
  if (locale === 'nl') {
    return {
      subject: `Je fooi van ${month} aan ${userText(p.tipjarName).inSubject()} is niet gelukt - ${p.brand}`,
      text: body([
        'Hoi,',
        '',
        `We konden je maandelijkse fooi van ${amount} aan ${userText(p.tipjarName)} voor ${month} niet afschrijven.`,
        p.retryAt
          ? `We proberen het opnieuw op ${formatDay(p.retryAt, locale)}. Zorg dat er genoeg saldo is, of stel de betaling opnieuw in:`
          : stopped.nl,
        p.manageLink,
        '',
        'Groet,',
        p.brand,
      ]),
    };
  }
  return {
    subject: `Your ${month} tip to ${userText(p.tipjarName).inSubject()} did not go through - ${p.brand}`,
    text: body([
      'Hi,',
      '',
      `We could not collect your monthly tip of ${amount} to ${userText(p.tipjarName)} for ${month}.`,
      p.retryAt
        ? `We will try again on ${formatDay(p.retryAt, locale)}. Make sure there is enough balance, or set up the payment again:`
        : stopped.en,
      p.manageLink,
      '',
      'Best,',
      p.brand,
    ]),
  };
}

/** The tipper's bank reversed a month's debit: collecting stops until the payment is set up again. */
export function chargebackMail(locale: Locale, p: Common & { amount: number; period: string }): MailContent {
  const amount = formatCents(p.amount, locale);
  const month = formatPeriod(p.period, locale);
  if (locale === 'nl') {
    return {
      subject: `Je fooi van ${month} aan ${userText(p.tipjarName).inSubject()} is teruggeboekt - ${p.brand}`,
      text: body([
        'Hoi,',
        '',
        `Je bank heeft je maandelijkse fooi van ${amount} aan ${userText(p.tipjarName)} voor ${month} teruggeboekt.`,
        'We schrijven daarom niets meer af met deze machtiging. Wil je je fooi voortzetten? Stel de betaling opnieuw in:',
        p.manageLink,
        '',
        'Groet,',
        p.brand,
      ]),
    };
  }
  return {
    subject: `Your ${month} tip to ${userText(p.tipjarName).inSubject()} was charged back - ${p.brand}`,
    text: body([
      'Hi,',
      '',
      `Your bank reversed your monthly tip of ${amount} to ${userText(p.tipjarName)} for ${month}.`,
      'So we no longer collect with this mandate. Would you like to continue your tip? Set up the payment again:',
      p.manageLink,
      '',
      'Best,',
      p.brand,
    ]),
  };
}

/**
 * A monthly tip was stopped by the platform because its tip jar closed (`tipjar`) or the tipper's
 * account was closed (`account`): tip jar or user archived (docs/money-rules.md §9). No manage link: the
 * monthly tip is cancelled for good and its links are ended.
 */
export function monthlyTipEndedMail(
  locale: Locale,
  p: { brand: string; tipjarName: string; amount: number; reason: 'tipjar' | 'account' },
): MailContent {
  const amount = formatCents(p.amount, locale);
  if (locale === 'nl') {
    return {
      subject: `Je maandelijkse fooi aan ${userText(p.tipjarName).inSubject()} is gestopt - ${p.brand}`,
      text: body([
        'Hoi,',
        '',
        p.reason === 'tipjar'
          ? `De ${p.brand} van ${userText(p.tipjarName)} is gesloten. Daarom is je maandelijkse fooi van ${amount} gestopt.`
          : `Je account bij ${p.brand} is opgeheven. Daarom is je maandelijkse fooi van ${amount} aan ${userText(p.tipjarName)} gestopt.`,
        'Er wordt niets meer afgeschreven: we trekken je machtiging in. Je eerdere betalingen blijven in onze administratie staan.',
        '',
        'Bedankt voor je steun!',
        '',
        'Groet,',
        p.brand,
      ]),
    };
  }
  return {
    subject: `Your monthly tip to ${userText(p.tipjarName).inSubject()} has stopped - ${p.brand}`,
    text: body([
      'Hi,',
      '',
      p.reason === 'tipjar'
        ? `${userText(p.tipjarName)} has closed its ${p.brand}, so your monthly tip of ${amount} has stopped.`
        : `Your ${p.brand} account has been closed, so your monthly tip of ${amount} to ${userText(p.tipjarName)} has stopped.`,
      'Nothing more will be collected: we are withdrawing your direct-debit mandate. Your earlier payments stay on record.',
      '',
      'Thank you for your support!',
      '',
      'Best,',
      p.brand,
    ]),
  };
}
