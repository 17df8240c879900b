import 'i18next';
import type account from '@/locales/en/account.json';
import type admin from '@/locales/en/admin.json';
import type adminTipjars from '@/locales/en/admin-tipjars.json';
import type apitokens from '@/locales/en/apitokens.json';
import type audit from '@/locales/en/audit.json';
import type auth from '@/locales/en/auth.json';
import type backoffice from '@/locales/en/backoffice.json';
import type bonus from '@/locales/en/bonus.json';
import type boosts from '@/locales/en/boosts.json';
import type checkout from '@/locales/en/checkout.json';
import type common from '@/locales/en/common.json';
import type errors from '@/locales/en/errors.json';
import type feeds from '@/locales/en/feeds.json';
import type home from '@/locales/en/home.json';
import type info from '@/locales/en/info.json';
import type invoices from '@/locales/en/invoices.json';
import type levels from '@/locales/en/levels.json';
import type money from '@/locales/en/money.json';
import type podcastmaker from '@/locales/en/podcastmaker.json';
import type recurringtips from '@/locales/en/recurringtips.json';
import type settlements from '@/locales/en/settlements.json';
import type share from '@/locales/en/share.json';
import type statistics from '@/locales/en/statistics.json';
import type storefront from '@/locales/en/storefront.json';
import type thankyou from '@/locales/en/thankyou.json';
import type tipjar from '@/locales/en/tipjar.json';
import type tips from '@/locales/en/tips.json';
import type validation from '@/locales/en/validation.json';
import type webhooks from '@/locales/en/webhooks.json';
import type widget from '@/locales/en/widget.json';
import type yearlytips from '@/locales/en/yearlytips.json';

/** Keys are typed from the en catalogs: a wrong key fails the typecheck. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      account: typeof account;
      admin: typeof admin;
      'admin-tipjars': typeof adminTipjars;
      apitokens: typeof apitokens;
      audit: typeof audit;
      auth: typeof auth;
      backoffice: typeof backoffice;
      bonus: typeof bonus;
      boosts: typeof boosts;
      checkout: typeof checkout;
      common: typeof common;
      errors: typeof errors;
      feeds: typeof feeds;
      home: typeof home;
      info: typeof info;
      invoices: typeof invoices;
      money: typeof money;
      podcastmaker: typeof podcastmaker;
      recurringtips: typeof recurringtips;
      settlements: typeof settlements;
      levels: typeof levels;
      share: typeof share;
      webhooks: typeof webhooks;
      webhooks: typeof webhooks;
      statistics: typeof statistics;
      storefront: typeof storefront;
      thankyou: typeof thankyou;
      tipjar: typeof tipjar;
      tips: typeof tips;
      validation: typeof validation;
      yearlytips: typeof yearlytips;
      widget: typeof widget;
    };
  }
}
