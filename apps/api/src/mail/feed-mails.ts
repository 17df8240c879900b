import type { Locale } from '@podpot/domain';
import type { MailContent } from './templates.js';
import { userText } from './user-text.js';

/** To a feed's owner address: the one-time code that proves the maker runs this podcast (decision 030). */
export function feedVerificationMail(
  locale: Locale,
  p: { brand: string; podcast: string; tipjarName: string; code: string; minutes: number },
): MailContent {
  if (locale === 'nl') {
    return {
      subject: `Je code om ${userText(p.podcast).inSubject()} te bevestigen - ${p.brand}`,
      text: [
        'Hoi,',
        '',
        `Iemand wil bij ${p.brand} bevestigen dat de podcast "${userText(p.podcast)}" bij de ${p.brand} "${userText(p.tipjarName)}" hoort. Dit adres staat als eigenaar in de feed van de podcast.`,
        '',
        `Je code: ${p.code}`,
        '',
        `De code werkt ${p.minutes} minuten en een paar keer. Heb je dit niet zelf gevraagd? Geef de code aan niemand en negeer deze mail.`,
        '',
        'Groet,',
        p.brand,
      ].join('\n'),
    };
  }
  return {
    subject: `Your code to verify ${userText(p.podcast).inSubject()} - ${p.brand}`,
    text: [
      'Hi,',
      '',
      `Someone asked ${p.brand} to confirm that the podcast "${userText(p.podcast)}" belongs to the ${p.brand} "${userText(p.tipjarName)}". This address is named as the owner in the podcast's feed.`,
      '',
      `Your code: ${p.code}`,
      '',
      `The code works for ${p.minutes} minutes and a few tries. Did you not ask for this? Give the code to no one and ignore this e-mail.`,
      '',
      'Best,',
      p.brand,
    ].join('\n'),
  };
}

/** To a tip jar's admins, once: the refresh job stopped reading their feed after repeated failures (decision 034). */
export function feedStoppedMail(
  locale: Locale,
  p: { brand: string; tipjarName: string; feedUrl: string; failures: number; settingsLink: string },
): MailContent {
  if (locale === 'nl') {
    return {
      subject: `We kunnen de feed van ${userText(p.tipjarName).inSubject()} niet meer lezen - ${p.brand}`,
      text: [
        'Hoi,',
        '',
        `${p.brand} leest de feed van "${userText(p.tipjarName)}" elk uur om de afleveringen bij te houden. De laatste ${p.failures} keer lukte dat niet, dus we zijn gestopt met lezen:`,
        '',
        userText(p.feedUrl).quoted(),
        '',
        `Klopt het adres? Sla het opnieuw op bij de instellingen, dan lezen we de feed meteen weer: ${p.settingsLink}`,
        '',
        'Groet,',
        p.brand,
      ].join('\n'),
    };
  }
  return {
    subject: `We can no longer read the feed of ${userText(p.tipjarName).inSubject()} - ${p.brand}`,
    text: [
      'Hi,',
      '',
      `${p.brand} reads the feed of "${userText(p.tipjarName)}" every hour to keep its episodes up to date. The last ${p.failures} tries failed, so we stopped reading it:`,
      '',
      userText(p.feedUrl).quoted(),
      '',
      `Is the address right? Save it again in the settings and we read the feed at once: ${p.settingsLink}`,
      '',
      'Best,',
      p.brand,
    ].join('\n'),
  };
}
