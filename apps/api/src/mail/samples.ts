import type { Locale } from '@podpot/domain';
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
} from './account-mails.js';
import { feedStoppedMail, feedVerificationMail } from './feed-mails.js';
import { adminInvitationMail } from './invitation-mails.js';
import { invoiceMail } from './invoice-mails.js';
import { orderReceiptMail, payoutsReadyMail, welcomeMail } from './order-mails.js';
import {
  chargebackMail,
  chargeFailedMail,
  chargeReceiptMail,
  monthlySupporterMail,
  monthlyTipEndedMail,
  preNotificationMail,
  recurringStartedMail,
} from './recurring-mails.js';
import { tipRefundedMail } from './refund-mails.js';
import type { MailContent } from './templates.js';
import { passwordResetMail } from './templates.js';
import { newTipMail, tipReceiptMail } from './tip-mails.js';

/**
 * Every mail template with sample data, in either language: the /dev/mails preview draws them, and the
 * template tests render each one and look for these facts in both parts (decision 035).
 */
export interface MailSample {
  name: string;
  mail(locale: Locale, publicUrl: string): MailContent;
  /** What the recipient must find in the text and the HTML, per language. */
  facts: Record<Locale, string[]>;
}

const brand = 'Podpot';
const tipjarName = 'De Koffiepod';
const paidAt = new Date(Date.UTC(2026, 10, 23, 11, 5));
const manage = (url: string) => `${url}/recurringtips/manage?token=sample`;

export const MAIL_SAMPLES: MailSample[] = [
  {
    name: 'tip-receipt',
    mail: (locale) =>
      tipReceiptMail(locale, { brand, tipjarName, amount: 500, fee: 25, paidAt, reference: 'tip-5f1c2a4e' }),
    facts: {
      en: ['€5.00', '€0.25', 'De Koffiepod', 'tip-5f1c2a4e'],
      nl: ['€ 5,00', '€ 0,25', 'De Koffiepod', 'tip-5f1c2a4e'],
    },
  },
  {
    name: 'tip-receipt-episode',
    mail: (locale) =>
      tipReceiptMail(locale, {
        brand,
        tipjarName,
        amount: 500,
        fee: 25,
        paidAt,
        reference: 'tip-5f1c2a4e',
        episode: { title: 'Koffie in Colombia', number: 42 },
      }),
    facts: {
      en: ['€5.00', 'For episode 42', 'Koffie in Colombia', 'tip-5f1c2a4e'],
      nl: ['€ 5,00', 'Voor aflevering 42', 'Koffie in Colombia', 'tip-5f1c2a4e'],
    },
  },
  {
    name: 'new-tip',
    mail: (locale, url) =>
      newTipMail(locale, {
        brand,
        tipjarName,
        amount: 1000,
        fee: 50,
        fromName: 'Sanne',
        message: 'Heerlijke aflevering!',
        link: `${url}/backoffice/de-koffiepod/tips`,
      }),
    facts: { en: ['€10.00', 'Sanne', 'Heerlijke aflevering!'], nl: ['€ 10,00', 'Sanne', 'Heerlijke aflevering!'] },
  },
  {
    // A listener's words with a link and a fact-like line: quoted, the link broken (decision 064).
    name: 'new-tip-with-link',
    mail: (locale, url) =>
      newTipMail(locale, {
        brand,
        tipjarName,
        amount: 500,
        fee: 25,
        fromName: 'Sanne: https://sanne.example',
        message: 'Verify bank account: https://evil.example/verify\n\nhttps://evil.example/unblock',
        link: `${url}/backoffice/de-koffiepod/tips`,
      }),
    facts: {
      en: ['Verify bank account:', 'https[:]//evil[.]example/verify', 'https[:]//sanne[.]example'],
      nl: ['Verify bank account:', 'https[:]//evil[.]example/verify', 'https[:]//sanne[.]example'],
    },
  },
  {
    name: 'tip-refunded',
    mail: (locale) =>
      tipRefundedMail(locale, {
        brand,
        tipjarName,
        amount: 300,
        tipAmount: 500,
        whole: false,
        reason: 'Dubbel betaald',
        reference: 'tip-5f1c2a4e',
      }),
    facts: { en: ['€3.00', 'De Koffiepod', 'tip-5f1c2a4e'], nl: ['€ 3,00', 'De Koffiepod', 'tip-5f1c2a4e'] },
  },
  {
    name: 'monthly-started',
    mail: (locale, url) =>
      recurringStartedMail(locale, {
        brand,
        tipjarName,
        manageLink: manage(url),
        amount: 300,
        fee: 15,
        chargeDay: 23,
        nextChargeAt: new Date(Date.UTC(2026, 11, 23)),
        reference: 'monthly-8a2b',
        interval: 'month',
      }),
    facts: { en: ['€3.00', 'De Koffiepod', 'token=sample'], nl: ['€ 3,00', 'De Koffiepod', 'token=sample'] },
  },
  {
    name: 'yearly-started',
    mail: (locale, url) =>
      recurringStartedMail(locale, {
        brand,
        tipjarName,
        manageLink: manage(url),
        amount: 3600,
        fee: 180,
        chargeDay: 23,
        nextChargeAt: new Date(Date.UTC(2027, 10, 23)),
        reference: 'yearly-8a2b',
        interval: 'year',
      }),
    facts: { en: ['€36.00', 'yearly', 'token=sample'], nl: ['€ 36,00', 'jaarlijkse', 'token=sample'] },
  },
  {
    name: 'monthly-pre-notification',
    mail: (locale, url) =>
      preNotificationMail(locale, {
        brand,
        tipjarName,
        manageLink: manage(url),
        amount: 300,
        chargeAt: new Date(Date.UTC(2026, 11, 23)),
        interval: 'month',
      }),
    facts: { en: ['€3.00', 'De Koffiepod', 'token=sample'], nl: ['€ 3,00', 'De Koffiepod', 'token=sample'] },
  },
  {
    name: 'monthly-charge-receipt',
    mail: (locale, url) =>
      chargeReceiptMail(locale, {
        brand,
        tipjarName,
        manageLink: manage(url),
        amount: 300,
        fee: 15,
        period: '2026-11',
        paidAt,
        reference: 'charge-77c1',
      }),
    facts: { en: ['€3.00', '€0.15', 'charge-77c1'], nl: ['€ 3,00', '€ 0,15', 'charge-77c1'] },
  },
  {
    name: 'monthly-charge-failed',
    mail: (locale, url) =>
      chargeFailedMail(locale, {
        brand,
        tipjarName,
        manageLink: manage(url),
        amount: 300,
        period: '2026-11',
        retryAt: new Date(Date.UTC(2026, 10, 26)),
      }),
    facts: { en: ['€3.00', 'De Koffiepod'], nl: ['€ 3,00', 'De Koffiepod'] },
  },
  {
    name: 'monthly-charge-too-late',
    mail: (locale, url) =>
      chargeFailedMail(locale, {
        brand,
        tipjarName,
        manageLink: manage(url),
        amount: 300,
        period: '2026-11',
        retryAt: null,
        late: true,
      }),
    facts: { en: ['€3.00', 'in time'], nl: ['€ 3,00', 'op tijd'] },
  },
  {
    name: 'monthly-chargeback',
    mail: (locale, url) =>
      chargebackMail(locale, { brand, tipjarName, manageLink: manage(url), amount: 300, period: '2026-11' }),
    facts: { en: ['€3.00', 'De Koffiepod'], nl: ['€ 3,00', 'De Koffiepod'] },
  },
  {
    name: 'monthly-ended',
    mail: (locale) => monthlyTipEndedMail(locale, { brand, tipjarName, amount: 300, reason: 'tipjar' }),
    facts: { en: ['€3.00', 'De Koffiepod'], nl: ['€ 3,00', 'De Koffiepod'] },
  },
  {
    name: 'monthly-cancelled',
    mail: (locale, url) =>
      monthlyTipEndedMail(locale, {
        brand,
        tipjarName,
        amount: 300,
        reason: 'tipper',
        startAgainLink: `${url}/de-koffiepod`,
      }),
    facts: { en: ['€3.00', 'De Koffiepod', 'cancelled'], nl: ['€ 3,00', 'De Koffiepod', 'opgezegd'] },
  },
  {
    name: 'monthly-supporter',
    mail: (locale, url) =>
      monthlySupporterMail(locale, {
        brand,
        tipjarName,
        amount: 300,
        fee: 15,
        fromName: 'Sanne',
        link: `${url}/backoffice/de-koffiepod/recurringtips`,
      }),
    facts: { en: ['€3.00', '€2.85', 'Sanne'], nl: ['€ 3,00', '€ 2,85', 'Sanne'] },
  },
  {
    name: 'order-receipt',
    mail: (locale, url) =>
      orderReceiptMail(locale, {
        brand,
        tipjarName,
        number: '2026-0042',
        totalExVat: 1240,
        vat: 260,
        totalInclVat: 1500,
        paidAt,
        reference: 'addon-3c9e',
        invoicesLink: `${url}/backoffice/de-koffiepod/invoices`,
      }),
    facts: {
      en: ['2026-0042', '€15.00', '€12.40', '€2.60', '21%', 'De Koffiepod'],
      nl: ['2026-0042', '€ 15,00', '€ 12,40', '€ 2,60', '21%', 'De Koffiepod'],
    },
  },
  {
    name: 'welcome',
    mail: (locale, url) =>
      welcomeMail(locale, {
        brand,
        tipjarName,
        pageLink: `${url}/de-koffiepod`,
        registrationLink: `${url}/backoffice/de-koffiepod/registration`,
        shareLink: `${url}/backoffice/de-koffiepod/share`,
        settingsLink: `${url}/backoffice/de-koffiepod/settings`,
      }),
    facts: {
      en: ['De Koffiepod', '/backoffice/de-koffiepod/registration', '/backoffice/de-koffiepod/share'],
      nl: ['De Koffiepod', '/backoffice/de-koffiepod/registration', '/backoffice/de-koffiepod/share'],
    },
  },
  {
    name: 'payouts-ready',
    mail: (locale, url) =>
      payoutsReadyMail(locale, { brand, tipjarName, payoutsLink: `${url}/backoffice/de-koffiepod/settlements` }),
    facts: {
      en: ['De Koffiepod', 'verified', '/backoffice/de-koffiepod/settlements'],
      nl: ['De Koffiepod', 'geverifieerd', '/backoffice/de-koffiepod/settlements'],
    },
  },
  {
    name: 'invoice',
    mail: (locale) =>
      invoiceMail(locale, { brand, tipjarName, number: 'PP-2026-0042', totalInclVat: 1815, period: '2026-10' }),
    facts: { en: ['PP-2026-0042', '€18.15', 'De Koffiepod'], nl: ['PP-2026-0042', '€ 18,15', 'De Koffiepod'] },
  },
  {
    name: 'password-reset',
    mail: (locale, url) =>
      passwordResetMail(locale, { brand, name: 'Mark', link: `${url}/reset-password?token=sample` }),
    facts: { en: ['Mark', 'reset-password?token=sample'], nl: ['Mark', 'reset-password?token=sample'] },
  },
  {
    name: 'feed-verification',
    mail: (locale) =>
      feedVerificationMail(locale, { brand, podcast: 'De Koffiepod', tipjarName, code: '482913', minutes: 30 }),
    facts: { en: ['482913', 'De Koffiepod'], nl: ['482913', 'De Koffiepod'] },
  },
  {
    name: 'feed-stopped',
    mail: (locale, url) =>
      feedStoppedMail(locale, {
        brand,
        tipjarName,
        feedUrl: 'https://feeds.example.com/koffiepod.xml',
        failures: 5,
        settingsLink: `${url}/backoffice/de-koffiepod/settings`,
      }),
    facts: {
      // The maker typed the feed's address: quoted, its link broken (decision 064).
      en: ['De Koffiepod', 'https[:]//feeds[.]example[.]com/koffiepod[.]xml', '/backoffice/de-koffiepod/settings'],
      nl: ['De Koffiepod', 'https[:]//feeds[.]example[.]com/koffiepod[.]xml', '/backoffice/de-koffiepod/settings'],
    },
  },
];

MAIL_SAMPLES.push(
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
);
