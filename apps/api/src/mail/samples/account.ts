import {
  adminAddedMail,
  bankAccountChangedMail,
  emailChangedMail,
  emailChangedNoticeMail,
  emailConfirmationMail,
  passwordChangedMail,
  twoStepOffMail,
  twoStepOnMail,
  twoStepResetMail,
} from '../account-mails.js';
import { adminInvitationMail } from '../invitation-mails.js';
import { passwordResetMail } from '../templates.js';
import { brand, type MailSample, tipjarName } from './common.js';

/**
 * Account and security mails: password reset and changed, an admin added or invited, an e-mail
 * address changed or to confirm, a bank account changed, two-step login on, off or reset by support.
 */
export const ACCOUNT_SAMPLES: MailSample[] = [
  {
    name: 'password-reset',
    mail: (locale, url) =>
      passwordResetMail(locale, { brand, name: 'Mark', link: `${url}/reset-password?token=sample` }),
    facts: { en: ['Mark', 'reset-password?token=sample'], nl: ['Mark', 'reset-password?token=sample'] },
  },
  {
    name: 'password-changed',
    mail: (locale, url) =>
      passwordChangedMail(locale, {
        brand,
        name: 'Mark',
        recoveryLink: `${url}/password-recovery`,
        supportLink: `${url}/support`,
      }),
    facts: { en: ['Mark', '/password-recovery', '/support'], nl: ['Mark', '/password-recovery', '/support'] },
  },
  {
    name: 'admin-added',
    mail: (locale, url) =>
      adminAddedMail(locale, {
        brand,
        name: 'Mark',
        tipjarName,
        newAdmin: 'eva@example.com',
        settingsLink: `${url}/backoffice/de-koffiepod/settings`,
        supportLink: `${url}/support`,
      }),
    facts: {
      en: ['eva@example[.]com', 'De Koffiepod', '/backoffice/de-koffiepod/settings'],
      nl: ['eva@example[.]com', 'De Koffiepod', '/backoffice/de-koffiepod/settings'],
    },
  },
  {
    name: 'admin-invitation',
    mail: (locale, url) =>
      adminInvitationMail(locale, {
        brand,
        inviter: 'Mark de Vries',
        tipjarName,
        email: 'eva@example.com',
        link: `${url}/invitation?token=sample`,
        days: 14,
      }),
    facts: {
      en: ['Mark de Vries', 'De Koffiepod', 'eva@example.com', '/invitation?token=sample', '14 days'],
      nl: ['Mark de Vries', 'De Koffiepod', 'eva@example.com', '/invitation?token=sample', '14 dagen'],
    },
  },
  {
    name: 'email-changed',
    mail: (locale, url) =>
      emailChangedMail(locale, { brand, name: 'Mark', newEmail: 'mark@new.example', supportLink: `${url}/support` }),
    facts: {
      en: ['mark@new.example', "Wasn't this you", '/support'],
      nl: ['mark@new.example', 'Was jij dit niet', '/support'],
    },
  },
  {
    name: 'email-changed-notice',
    mail: (locale, url) =>
      emailChangedNoticeMail(locale, { brand, name: 'Mark', loginLink: `${url}/login`, supportLink: `${url}/support` }),
    facts: { en: ['Mark', '/login', '/support'], nl: ['Mark', '/login', '/support'] },
  },
  {
    name: 'email-confirmation',
    mail: (locale, url) =>
      emailConfirmationMail(locale, {
        brand,
        name: 'Mark',
        email: 'mark@example.com',
        link: `${url}/confirm-email?token=sample`,
        days: 7,
      }),
    facts: {
      en: ['mark@example.com', 'confirm-email?token=sample', "Didn't make"],
      nl: ['mark@example.com', 'confirm-email?token=sample', 'Heb jij geen'],
    },
  },
  {
    name: 'bank-account-changed',
    mail: (locale, url) =>
      bankAccountChangedMail(locale, {
        brand,
        name: 'Mark',
        tipjarName,
        settingsLink: `${url}/backoffice/de-koffiepod/settings`,
        supportLink: `${url}/support`,
      }),
    facts: {
      en: ['De Koffiepod', "Wasn't this you", '/backoffice/de-koffiepod/settings'],
      nl: ['De Koffiepod', 'Was jij dit niet', '/backoffice/de-koffiepod/settings'],
    },
  },
  {
    name: 'two-step-off',
    mail: (locale, url) =>
      twoStepOffMail(locale, {
        brand,
        name: 'Mark',
        recoveryLink: `${url}/password-recovery`,
        supportLink: `${url}/support`,
      }),
    facts: {
      en: ["Wasn't this you", '/password-recovery', '/support'],
      nl: ['Was jij dit niet', '/password-recovery', '/support'],
    },
  },
  {
    name: 'two-step-on',
    mail: (locale, url) =>
      twoStepOnMail(locale, {
        brand,
        name: 'Mark',
        recoveryLink: `${url}/password-recovery`,
        supportLink: `${url}/support`,
      }),
    facts: {
      en: ['was just turned on', "Wasn't this you", '/password-recovery', '/support'],
      nl: ['zojuist aangezet', 'Was jij dit niet', '/password-recovery', '/support'],
    },
  },
  {
    name: 'two-step-reset',
    mail: (locale, url) =>
      twoStepResetMail(locale, {
        brand,
        name: 'Mark',
        recoveryLink: `${url}/password-recovery`,
        supportLink: `${url}/support`,
      }),
    facts: {
      en: ['Our support team turned off', "Didn't you ask for this", '/password-recovery', '/support'],
      nl: ['Ons supportteam heeft', 'Heb jij hier niet om gevraagd', '/password-recovery', '/support'],
    },
  },
];
