import type { Locale } from '@podpot/domain';
import { t } from '../i18n/translate.js';
import { type MailContent, mailText } from './templates.js';
import { userText } from './user-text.js';

/**
 * Mails that say something changed in an account (issue 15, decision 035), each with what to do when it
 * was not the recipient's doing: someone else may have their password, or their tip jar.
 */

interface Recipient {
  brand: string;
  name: string;
}

/** "Hi Mark," with the name as a person typed it (user-text.ts). */
const hiName = (locale: Locale, name: string) => t(locale, 'mail.hiName', { name: userText(name) });

export function passwordChangedMail(
  locale: Locale,
  p: Recipient & { recoveryLink: string; supportLink: string },
): MailContent {
  return {
    subject: t(locale, 'mail.passwordChanged.subject', { brand: p.brand }),
    text: mailText(locale, p.brand, hiName(locale, p.name), [
      t(locale, 'mail.passwordChanged.changed', { brand: p.brand }),
      [t(locale, 'mail.passwordChanged.notYou'), p.recoveryLink],
      t(locale, 'mail.passwordChanged.contact', { link: p.supportLink }),
    ]),
  };
}

export function adminAddedMail(
  locale: Locale,
  p: Recipient & { tipjarName: string; newAdmin: string; settingsLink: string; supportLink: string },
): MailContent {
  const tipjar = userText(p.tipjarName);
  return {
    subject: t(locale, 'mail.adminAdded.subject', { tipjar: tipjar.inSubject(), brand: p.brand }),
    text: mailText(locale, p.brand, hiName(locale, p.name), [
      t(locale, 'mail.adminAdded.added', { admin: userText(p.newAdmin), tipjar }),
      [t(locale, 'mail.adminAdded.remove'), p.settingsLink],
      t(locale, 'mail.adminAdded.tellUs', { link: p.supportLink }),
    ]),
  };
}

/** To the OLD address: someone (an admin, on request) moved the account to another address. */
export function emailChangedMail(
  locale: Locale,
  p: Recipient & { newEmail: string; supportLink: string },
): MailContent {
  return {
    subject: t(locale, 'mail.emailChanged.subject', { brand: p.brand }),
    text: mailText(locale, p.brand, hiName(locale, p.name), [
      t(locale, 'mail.emailChanged.changed', { brand: p.brand, email: p.newEmail }),
      [t(locale, 'mail.emailChanged.notYou'), p.supportLink],
    ]),
  };
}

/** To the NEW address: a note that the account now lives here. */
export function emailChangedNoticeMail(
  locale: Locale,
  p: Recipient & { loginLink: string; supportLink: string },
): MailContent {
  return {
    subject: t(locale, 'mail.emailChangedNotice.subject', { brand: p.brand }),
    text: mailText(locale, p.brand, hiName(locale, p.name), [
      t(locale, 'mail.emailChangedNotice.uses', { brand: p.brand, link: p.loginLink }),
      t(locale, 'mail.emailChangedNotice.notYours', { brand: p.brand, link: p.supportLink }),
    ]),
  };
}

/** To every admin of a tip jar whose bank account (the payout account at the provider) was changed. */
export function bankAccountChangedMail(
  locale: Locale,
  p: Recipient & { tipjarName: string; settingsLink: string; supportLink: string },
): MailContent {
  const tipjar = userText(p.tipjarName);
  return {
    subject: t(locale, 'mail.bankAccountChanged.subject', { tipjar: tipjar.inSubject(), brand: p.brand }),
    text: mailText(locale, p.brand, hiName(locale, p.name), [
      t(locale, 'mail.bankAccountChanged.changed', { tipjar }),
      [t(locale, 'mail.bankAccountChanged.notYou'), p.settingsLink],
      t(locale, 'mail.bankAccountChanged.contact', { link: p.supportLink }),
    ]),
  };
}

/** Two-step login was turned off: the password alone signs in again. */
export function twoStepOffMail(
  locale: Locale,
  p: Recipient & { recoveryLink: string; supportLink: string },
): MailContent {
  return {
    subject: t(locale, 'mail.twoStepOff.subject', { brand: p.brand }),
    text: mailText(locale, p.brand, hiName(locale, p.name), [
      t(locale, 'mail.twoStepOff.off', { brand: p.brand }),
      [t(locale, 'mail.twoStepOff.notYou'), p.recoveryLink],
      t(locale, 'mail.twoStepOff.turnOn', { link: p.supportLink }),
    ]),
  };
}

/**
 * Two-step login was turned on (issue 33): sent to the account's address, so an owner whose session was
 * stolen learns that someone may have locked them out, and that support can turn it off (decision 056).
 */
export function twoStepOnMail(
  locale: Locale,
  p: Recipient & { recoveryLink: string; supportLink: string },
): MailContent {
  return {
    subject: t(locale, 'mail.twoStepOn.subject', { brand: p.brand }),
    text: mailText(locale, p.brand, hiName(locale, p.name), [
      t(locale, 'mail.twoStepOn.on', { brand: p.brand }),
      [t(locale, 'mail.twoStepOn.notYou'), p.recoveryLink],
      t(locale, 'mail.twoStepOn.askUs', { link: p.supportLink }),
    ]),
  };
}

/** A platform admin turned two-step login off, at the user's request (decision 056). */
export function twoStepResetMail(
  locale: Locale,
  p: Recipient & { recoveryLink: string; supportLink: string },
): MailContent {
  return {
    subject: t(locale, 'mail.twoStepReset.subject', { brand: p.brand }),
    text: mailText(locale, p.brand, hiName(locale, p.name), [
      t(locale, 'mail.twoStepReset.off', { brand: p.brand }),
      t(locale, 'mail.twoStepReset.turnOn'),
      [t(locale, 'mail.twoStepReset.notYou'), p.recoveryLink],
      t(locale, 'mail.twoStepReset.tellUs', { link: p.supportLink }),
    ]),
  };
}

/**
 * "Confirm your e-mail address" (decision 061): the link proves the address is the account's. Whoever
 * made the account may have typed someone else's address, so the mail says what confirming does and to
 * leave it when the account is not theirs.
 */
export function emailConfirmationMail(
  locale: Locale,
  p: Recipient & { email: string; link: string; days: number },
): MailContent {
  return {
    subject: t(locale, 'mail.emailConfirmation.subject', { brand: p.brand }),
    text: mailText(locale, p.brand, hiName(locale, p.name), [
      [t(locale, 'mail.emailConfirmation.confirm', { email: p.email, brand: p.brand, days: p.days }), p.link],
      t(locale, 'mail.emailConfirmation.afterwards'),
      t(locale, 'mail.emailConfirmation.notYours', { brand: p.brand }),
    ]),
  };
}
