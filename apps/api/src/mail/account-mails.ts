import type { Locale } from '@podpot/domain';
import type { MailContent } from './templates.js';

/**
 * Mails that say something changed in an account (issue 15, decision 035), each with what to do when it
 * was not the recipient's doing: someone else may have their password, or their tip jar.
 */

export function passwordChangedMail(
  locale: Locale,
  p: { brand: string; name: string; recoveryLink: string; supportLink: string },
): MailContent {
  if (locale === 'nl') {
    return {
      subject: `Je wachtwoord is gewijzigd - ${p.brand}`,
      text: [
        `Hoi ${p.name},`,
        '',
        `Het wachtwoord van je ${p.brand}-account is zojuist gewijzigd. Alle andere sessies zijn uitgelogd.`,
        '',
        'Was jij dit niet? Stel dan meteen een nieuw wachtwoord in via deze link:',
        p.recoveryLink,
        '',
        `Neem daarna contact met ons op, zodat we kunnen nagaan wat er gebeurd is: ${p.supportLink}`,
        '',
        'Groet,',
        p.brand,
      ].join('\n'),
    };
  }
  return {
    subject: `Your password was changed - ${p.brand}`,
    text: [
      `Hi ${p.name},`,
      '',
      `The password of your ${p.brand} account was just changed. Every other session has been logged out.`,
      '',
      "Wasn't this you? Set a new password right away with this link:",
      p.recoveryLink,
      '',
      `Then contact us, so we can find out what happened: ${p.supportLink}`,
      '',
      'Best,',
      p.brand,
    ].join('\n'),
  };
}

export function adminAddedMail(
  locale: Locale,
  p: { brand: string; name: string; tipjarName: string; newAdmin: string; settingsLink: string; supportLink: string },
): MailContent {
  if (locale === 'nl') {
    return {
      subject: `Nieuwe beheerder van ${p.tipjarName} - ${p.brand}`,
      text: [
        `Hoi ${p.name},`,
        '',
        `${p.newAdmin} is nu beheerder van ${p.tipjarName}. Een beheerder ziet de fooien en kan de instellingen en de bankgegevens wijzigen.`,
        '',
        'Ken je deze persoon niet, of was dit niet de bedoeling? Haal de beheerder weg in de instellingen:',
        p.settingsLink,
        '',
        `En laat het ons weten: ${p.supportLink}`,
        '',
        'Groet,',
        p.brand,
      ].join('\n'),
    };
  }
  return {
    subject: `New admin of ${p.tipjarName} - ${p.brand}`,
    text: [
      `Hi ${p.name},`,
      '',
      `${p.newAdmin} is now an admin of ${p.tipjarName}. An admin sees its tips and can change its settings and bank details.`,
      '',
      "Don't know this person, or wasn't this meant to happen? Remove the admin in the settings:",
      p.settingsLink,
      '',
      `And let us know: ${p.supportLink}`,
      '',
      'Best,',
      p.brand,
    ].join('\n'),
  };
}
