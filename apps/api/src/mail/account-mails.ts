import type { Locale } from '@podpot/domain';
import type { MailContent } from './templates.js';
import { userText } from './user-text.js';

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
        `Hoi ${userText(p.name)},`,
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
      `Hi ${userText(p.name)},`,
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
      subject: `Nieuwe beheerder van ${userText(p.tipjarName).inSubject()} - ${p.brand}`,
      text: [
        `Hoi ${userText(p.name)},`,
        '',
        `${userText(p.newAdmin)} is nu beheerder van ${userText(p.tipjarName)}. Een beheerder ziet de fooien en kan de instellingen en de bankgegevens wijzigen.`,
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
    subject: `New admin of ${userText(p.tipjarName).inSubject()} - ${p.brand}`,
    text: [
      `Hi ${userText(p.name)},`,
      '',
      `${userText(p.newAdmin)} is now an admin of ${userText(p.tipjarName)}. An admin sees its tips and can change its settings and bank details.`,
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

/** To the OLD address: someone (an admin, on request) moved the account to another address. */
export function emailChangedMail(
  locale: Locale,
  p: { brand: string; name: string; newEmail: string; supportLink: string },
): MailContent {
  if (locale === 'nl') {
    return {
      subject: `Je e-mailadres is gewijzigd - ${p.brand}`,
      text: [
        `Hoi ${userText(p.name)},`,
        '',
        `Je ${p.brand}-account gebruikt vanaf nu het e-mailadres ${p.newEmail}. Mails, bonnen en het inloggen gaan voortaan via dat adres; dit adres ontvangt niets meer van ons.`,
        '',
        'Was jij dit niet, of heb je hier niet om gevraagd? Neem dan meteen contact met ons op, dan zetten we je account terug:',
        p.supportLink,
        '',
        'Groet,',
        p.brand,
      ].join('\n'),
    };
  }
  return {
    subject: `Your e-mail address was changed - ${p.brand}`,
    text: [
      `Hi ${userText(p.name)},`,
      '',
      `Your ${p.brand} account now uses the e-mail address ${p.newEmail}. Mails, receipts and logging in go through that address from now on; this address gets nothing more from us.`,
      '',
      "Wasn't this you, or didn't you ask for it? Contact us right away and we will put your account back:",
      p.supportLink,
      '',
      'Best,',
      p.brand,
    ].join('\n'),
  };
}

/** To the NEW address: a note that the account now lives here. */
export function emailChangedNoticeMail(
  locale: Locale,
  p: { brand: string; name: string; loginLink: string; supportLink: string },
): MailContent {
  if (locale === 'nl') {
    return {
      subject: `Je ${p.brand}-account gebruikt nu dit adres`,
      text: [
        `Hoi ${userText(p.name)},`,
        '',
        `Je ${p.brand}-account gebruikt vanaf nu dit e-mailadres. Log voortaan hiermee in: ${p.loginLink}`,
        '',
        `Heb je geen account bij ${p.brand}, of was dit niet de bedoeling? Laat het ons weten: ${p.supportLink}`,
        '',
        'Groet,',
        p.brand,
      ].join('\n'),
    };
  }
  return {
    subject: `Your ${p.brand} account now uses this address`,
    text: [
      `Hi ${userText(p.name)},`,
      '',
      `Your ${p.brand} account uses this e-mail address from now on. Log in with it: ${p.loginLink}`,
      '',
      `Don't have an account with ${p.brand}, or wasn't this meant to happen? Let us know: ${p.supportLink}`,
      '',
      'Best,',
      p.brand,
    ].join('\n'),
  };
}

/** To every admin of a tip jar whose bank account (the payout account at the provider) was changed. */
export function bankAccountChangedMail(
  locale: Locale,
  p: { brand: string; name: string; tipjarName: string; settingsLink: string; supportLink: string },
): MailContent {
  if (locale === 'nl') {
    return {
      subject: `De bankrekening van ${userText(p.tipjarName).inSubject()} is gewijzigd - ${p.brand}`,
      text: [
        `Hoi ${userText(p.name)},`,
        '',
        `Er is een nieuwe bankrekening opgegeven voor ${userText(p.tipjarName)}. Zodra de betaalprovider die heeft gecontroleerd, worden de fooien daarop uitbetaald.`,
        '',
        'Was jij dit niet, en ook geen andere beheerder? Kijk dan meteen in de instellingen wie er beheerder is en verander je wachtwoord:',
        p.settingsLink,
        '',
        `Neem ook contact met ons op, dan houden we de uitbetalingen tegen tot het is opgehelderd: ${p.supportLink}`,
        '',
        'Groet,',
        p.brand,
      ].join('\n'),
    };
  }
  return {
    subject: `The bank account of ${userText(p.tipjarName).inSubject()} was changed - ${p.brand}`,
    text: [
      `Hi ${userText(p.name)},`,
      '',
      `A new bank account was given for ${userText(p.tipjarName)}. Once the payment provider has checked it, tips are paid out to it.`,
      '',
      "Wasn't this you, nor another admin? Check right away in the settings who the admins are, and change your password:",
      p.settingsLink,
      '',
      `And contact us, so we hold the payouts until it is cleared up: ${p.supportLink}`,
      '',
      'Best,',
      p.brand,
    ].join('\n'),
  };
}

/** Two-step login was turned off: the password alone signs in again. */
export function twoStepOffMail(
  locale: Locale,
  p: { brand: string; name: string; recoveryLink: string; supportLink: string },
): MailContent {
  if (locale === 'nl') {
    return {
      subject: `Inloggen in twee stappen staat uit - ${p.brand}`,
      text: [
        `Hoi ${userText(p.name)},`,
        '',
        `Inloggen in twee stappen is zojuist uitgezet voor je ${p.brand}-account. Je wachtwoord alleen is nu weer genoeg om in te loggen, en onthouden apparaten zijn vergeten.`,
        '',
        'Was jij dit niet? Dan kent iemand anders je wachtwoord en een code. Stel meteen een nieuw wachtwoord in:',
        p.recoveryLink,
        '',
        `Zet daarna inloggen in twee stappen weer aan op je accountpagina en laat het ons weten: ${p.supportLink}`,
        '',
        'Groet,',
        p.brand,
      ].join('\n'),
    };
  }
  return {
    subject: `Two-step login was turned off - ${p.brand}`,
    text: [
      `Hi ${userText(p.name)},`,
      '',
      `Two-step login was just turned off for your ${p.brand} account. Your password alone signs in again, and remembered devices are forgotten.`,
      '',
      "Wasn't this you? Then someone else knows your password and a code. Set a new password right away:",
      p.recoveryLink,
      '',
      `Then turn two-step login back on on your account page, and let us know: ${p.supportLink}`,
      '',
      'Best,',
      p.brand,
    ].join('\n'),
  };
}

/**
 * Two-step login was turned on (issue 33): sent to the account's address, so an owner whose session was
 * stolen learns that someone may have locked them out, and that support can turn it off (decision 056).
 */
export function twoStepOnMail(
  locale: Locale,
  p: { brand: string; name: string; recoveryLink: string; supportLink: string },
): MailContent {
  if (locale === 'nl') {
    return {
      subject: `Inloggen in twee stappen staat aan - ${p.brand}`,
      text: [
        `Hoi ${p.name},`,
        '',
        `Inloggen in twee stappen is zojuist aangezet voor je ${p.brand}-account. Voortaan log je in met je wachtwoord en een code uit je authenticator-app (of een van je herstelcodes).`,
        '',
        'Was jij dit niet? Dan was iemand anders in je account en kan diegene je buitensluiten. Stel meteen een nieuw wachtwoord in:',
        p.recoveryLink,
        '',
        `en vraag ons inloggen in twee stappen voor je uit te zetten: ${p.supportLink}`,
        '',
        'Groet,',
        p.brand,
      ].join('\n'),
    };
  }
  return {
    subject: `Two-step login was turned on - ${p.brand}`,
    text: [
      `Hi ${p.name},`,
      '',
      `Two-step login was just turned on for your ${p.brand} account. From now on you sign in with your password and a code from your authenticator app (or one of your recovery codes).`,
      '',
      "Wasn't this you? Then someone else was in your account and can lock you out. Set a new password right away:",
      p.recoveryLink,
      '',
      `and ask us to turn two-step login off for you: ${p.supportLink}`,
      '',
      'Best,',
      p.brand,
    ].join('\n'),
  };
}

/** A platform admin turned two-step login off, at the user's request (decision 056). */
export function twoStepResetMail(
  locale: Locale,
  p: { brand: string; name: string; recoveryLink: string; supportLink: string },
): MailContent {
  if (locale === 'nl') {
    return {
      subject: `Inloggen in twee stappen uitgezet door support - ${p.brand}`,
      text: [
        `Hoi ${userText(p.name)},`,
        '',
        `Ons supportteam heeft inloggen in twee stappen uitgezet voor je ${p.brand}-account, omdat je je authenticator-app en herstelcodes kwijt bent. Je wachtwoord alleen is nu weer genoeg om in te loggen, en onthouden apparaten zijn vergeten.`,
        '',
        'Zet het na het inloggen meteen weer aan op je accountpagina, met je nieuwe telefoon.',
        '',
        'Heb jij hier niet om gevraagd? Stel dan meteen een nieuw wachtwoord in:',
        p.recoveryLink,
        '',
        `En laat het ons direct weten: ${p.supportLink}`,
        '',
        'Groet,',
        p.brand,
      ].join('\n'),
    };
  }
  return {
    subject: `Two-step login turned off by support - ${p.brand}`,
    text: [
      `Hi ${userText(p.name)},`,
      '',
      `Our support team turned off two-step login for your ${p.brand} account, as you lost your authenticator app and recovery codes. Your password alone signs in again, and remembered devices are forgotten.`,
      '',
      'Once you are signed in, turn it back on right away on your account page, with your new phone.',
      '',
      "Didn't you ask for this? Then set a new password right away:",
      p.recoveryLink,
      '',
      `And let us know at once: ${p.supportLink}`,
      '',
      'Best,',
      p.brand,
    ].join('\n'),
  };
}

/**
 * "Confirm your e-mail address" (decision 061): the link proves the address is the account's. Whoever
 * made the account may have typed someone else's address, so the mail says what confirming does and to
 * leave it when the account is not theirs.
 */
export function emailConfirmationMail(
  locale: Locale,
  p: { brand: string; name: string; email: string; link: string; days: number },
): MailContent {
  if (locale === 'nl') {
    return {
      subject: `Bevestig je e-mailadres - ${p.brand}`,
      text: [
        `Hoi ${p.name},`,
        '',
        `Bevestig dat ${p.email} het e-mailadres van je ${p.brand}-account is, met deze link (${p.days} dagen geldig):`,
        p.link,
        '',
        'Na het bevestigen staan ook de fooien die je zonder in te loggen met dit adres gaf in het overzicht van je gegevens.',
        '',
        `Heb jij geen ${p.brand}-account gemaakt? Open de link dan niet: iemand anders heeft je adres opgegeven. Zonder bevestiging krijgt dat account niets te zien van wat jij met dit adres deed.`,
        '',
        'Groet,',
        p.brand,
      ].join('\n'),
    };
  }
  return {
    subject: `Confirm your e-mail address - ${p.brand}`,
    text: [
      `Hi ${p.name},`,
      '',
      `Confirm that ${p.email} is the e-mail address of your ${p.brand} account with this link (valid for ${p.days} days):`,
      p.link,
      '',
      'Once confirmed, the tips you gave with this address without logging in appear in your data too.',
      '',
      `Didn't make a ${p.brand} account? Then don't open the link: someone else gave your address. Without confirmation that account sees nothing of what you did with this address.`,
      '',
      'Best,',
      p.brand,
    ].join('\n'),
  };
}
