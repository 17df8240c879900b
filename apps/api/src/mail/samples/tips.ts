import { tipRefundedMail } from '../refund-mails.js';
import { newTipMail, tipReceiptMail } from '../tip-mails.js';
import { brand, type MailSample, paidAt, tipjarName } from './common.js';

/**
 * A tip's mails: the tipper's receipt (with an episode too), the maker's "new tip" (a listener's
 * link quoted, decision 064) and the refund.
 */
export const TIP_SAMPLES: MailSample[] = [
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
];
