import { feedStoppedMail, feedVerificationMail } from '../feed-mails.js';
import { invoiceMail } from '../invoice-mails.js';
import { orderReceiptMail, payoutsReadyMail, welcomeMail } from '../order-mails.js';
import { brand, type MailSample, paidAt, tipjarName } from './common.js';

/**
 * A maker's tip jar mails: the order's receipt, welcome, payouts ready, the monthly invoice, and the
 * podcast feed's verification code and "stopped reading" notice.
 */
export const MAKER_SAMPLES: MailSample[] = [
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
