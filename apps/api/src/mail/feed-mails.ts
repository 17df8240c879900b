import type { Locale } from '@podpot/domain';
import type { MailContent } from './templates.js';

/** To a feed's owner address: the one-time code that proves the maker runs this podcast (decision 030). */
export function feedVerificationMail(
  locale: Locale,
  p: { brand: string; podcast: string; tipjarName: string; code: string; minutes: number },
): MailContent {
  if (locale === 'nl') {
    return {
      subject: `Je code om ${p.podcast} te bevestigen - ${p.brand}`,
      text: [
        'Hoi,',
        '',
        `Iemand wil bij ${p.brand} bevestigen dat de podcast "${p.podcast}" bij de ${p.brand} "${p.tipjarName}" hoort. Dit adres staat als eigenaar in de feed van de podcast.`,
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
    subject: `Your code to verify ${p.podcast} - ${p.brand}`,
    text: [
      'Hi,',
      '',
      `Someone asked ${p.brand} to confirm that the podcast "${p.podcast}" belongs to the ${p.brand} "${p.tipjarName}". This address is named as the owner in the podcast's feed.`,
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
