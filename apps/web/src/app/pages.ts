import { lazyWithPreload, type PreloadableComponent } from '@/lib/chunk-reload';

/**
 * Route id (config/paths.ts) → page component. Each page is its own lazy chunk under app/routes/<audience>/
 * (public, admin, backoffice); a page composes the components of the features it needs.
 */
export const PAGES: Record<string, PreloadableComponent<object>> = {
  home: lazyWithPreload(() => import('@/app/routes/public/home')),
  about: lazyWithPreload(() => import('@/app/routes/public/about')),
  faq: lazyWithPreload(() => import('@/app/routes/public/faq')),
  privacy: lazyWithPreload(() => import('@/app/routes/public/privacy')),
  support: lazyWithPreload(() => import('@/app/routes/public/support')),
  termsofuse: lazyWithPreload(() => import('@/app/routes/public/termsofuse')),
  thankyou: lazyWithPreload(() => import('@/app/routes/public/thankyou')),
  login: lazyWithPreload(() => import('@/app/routes/public/login')),
  register: lazyWithPreload(() => import('@/app/routes/public/register')),
  passwordRecovery: lazyWithPreload(() => import('@/app/routes/public/password-recovery')),
  passwordReset: lazyWithPreload(() => import('@/app/routes/public/password-reset')),
  confirmEmail: lazyWithPreload(() => import('@/app/routes/public/confirm-email')),
  podcastmaker: lazyWithPreload(() => import('@/app/routes/public/podcastmaker')),
  invitation: lazyWithPreload(() => import('@/app/routes/public/invitation')),
  order: lazyWithPreload(() => import('@/app/routes/public/order')),
  account: lazyWithPreload(() => import('@/app/routes/public/account')),
  accountRecurringtips: lazyWithPreload(() => import('@/app/routes/public/account-recurringtips')),

  adminDashboard: lazyWithPreload(() => import('@/app/routes/admin/dashboard')),
  adminAudit: lazyWithPreload(() => import('@/app/routes/admin/audit')),
  adminFaqitems: lazyWithPreload(() => import('@/app/routes/admin/faqitems')),
  adminFaqitem: lazyWithPreload(() => import('@/app/routes/admin/faqitem')),
  adminInvoices: lazyWithPreload(() => import('@/app/routes/admin/invoices')),
  adminInvoice: lazyWithPreload(() => import('@/app/routes/admin/invoice')),
  adminMoney: lazyWithPreload(() => import('@/app/routes/admin/money')),
  adminPaymentmethods: lazyWithPreload(() => import('@/app/routes/admin/paymentmethods')),
  adminPaymentmethod: lazyWithPreload(() => import('@/app/routes/admin/paymentmethod')),
  adminRecurringtips: lazyWithPreload(() => import('@/app/routes/admin/recurringtips')),
  adminSettlements: lazyWithPreload(() => import('@/app/routes/admin/settlements')),
  adminTipjars: lazyWithPreload(() => import('@/app/routes/admin/tipjars')),
  adminTipjar: lazyWithPreload(() => import('@/app/routes/admin/tipjar')),
  adminTips: lazyWithPreload(() => import('@/app/routes/admin/tips')),
  adminUsers: lazyWithPreload(() => import('@/app/routes/admin/users')),
  adminUser: lazyWithPreload(() => import('@/app/routes/admin/user')),

  backofficeIndex: lazyWithPreload(() => import('@/app/routes/backoffice/index')),
  backofficeBonus: lazyWithPreload(() => import('@/app/routes/backoffice/bonus')),
  backofficeDashboard: lazyWithPreload(() => import('@/app/routes/backoffice/dashboard')),
  backofficeHistory: lazyWithPreload(() => import('@/app/routes/backoffice/history')),
  backofficeInvoices: lazyWithPreload(() => import('@/app/routes/backoffice/invoices')),
  backofficeInvoice: lazyWithPreload(() => import('@/app/routes/backoffice/invoice')),
  backofficeRecurringtips: lazyWithPreload(() => import('@/app/routes/backoffice/recurringtips')),
  backofficeRegistration: lazyWithPreload(() => import('@/app/routes/backoffice/registration')),
  backofficeSettings: lazyWithPreload(() => import('@/app/routes/backoffice/settings')),
  backofficeSettlements: lazyWithPreload(() => import('@/app/routes/backoffice/settlements')),
  backofficeShare: lazyWithPreload(() => import('@/app/routes/backoffice/share')),
  backofficeWebhooks: lazyWithPreload(() => import('@/app/routes/backoffice/webhooks')),
  backofficeTips: lazyWithPreload(() => import('@/app/routes/backoffice/tips')),

  storefront: lazyWithPreload(() => import('@/app/routes/public/storefront')),
  // The same page: an episode's tip page is the storefront's page with the episode (server-written).
  storefrontEpisode: lazyWithPreload(() => import('@/app/routes/public/storefront')),
  backofficeEpisodes: lazyWithPreload(() => import('@/app/routes/backoffice/episodes')),
};
