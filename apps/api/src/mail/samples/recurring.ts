import {
  chargebackMail,
  chargeFailedMail,
  chargeReceiptMail,
  monthlySupporterMail,
  monthlyTipEndedMail,
  preNotificationMail,
  recurringStartedMail,
} from '../recurring-mails.js';
import { brand, type MailSample, manage, paidAt, tipjarName } from './common.js';

/**
 * A monthly or yearly tip's mails: started, the notice before a charge, its receipt, a failed or
 * late charge, a chargeback, the end (by the tip jar or the tipper) and the maker's "new supporter".
 */
export const RECURRING_SAMPLES: MailSample[] = [
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
];
