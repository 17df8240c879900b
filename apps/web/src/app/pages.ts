import { lazyWithPreload, type PreloadableComponent } from '@/lib/chunk-reload';

/**
 * Route id (config/paths.ts) → page component. Each page is its own lazy chunk in its feature folder,
 * so later issues fill a page without touching the router.
 */
export const PAGES: Record<string, PreloadableComponent<object>> = {
  home: lazyWithPreload(() => import('@/features/home/components/home-page')),
  about: lazyWithPreload(() => import('@/features/info/components/about-page')),
  faq: lazyWithPreload(() => import('@/features/info/components/faq-page')),
  privacy: lazyWithPreload(() => import('@/features/info/components/privacy-page')),
  support: lazyWithPreload(() => import('@/features/info/components/support-page')),
  termsofuse: lazyWithPreload(() => import('@/features/info/components/termsofuse-page')),
  thankyou: lazyWithPreload(() => import('@/app/routes/public/thankyou')),
  login: lazyWithPreload(() => import('@/features/auth/components/login-page')),
  register: lazyWithPreload(() => import('@/features/auth/components/register-page')),
  passwordRecovery: lazyWithPreload(() => import('@/features/auth/components/password-recovery-page')),
  passwordReset: lazyWithPreload(() => import('@/features/auth/components/password-reset-page')),
  podcastmaker: lazyWithPreload(() => import('@/app/routes/public/podcastmaker')),
  order: lazyWithPreload(() => import('@/app/routes/public/order')),
  account: lazyWithPreload(() => import('@/app/routes/public/account')),
  accountRecurringtips: lazyWithPreload(() => import('@/app/routes/public/account-recurringtips')),

  adminDashboard: lazyWithPreload(() => import('@/app/routes/admin/dashboard')),
  adminFaqitems: lazyWithPreload(() => import('@/features/admin-faqitems/components/faqitems-page')),
  adminFaqitem: lazyWithPreload(() => import('@/features/admin-faqitems/components/faqitem-page')),
  adminInvoices: lazyWithPreload(() => import('@/app/routes/admin/invoices')),
  adminInvoice: lazyWithPreload(() => import('@/app/routes/admin/invoice')),
  adminPaymentmethods: lazyWithPreload(() => import('@/app/routes/admin/paymentmethods')),
  adminPaymentmethod: lazyWithPreload(() => import('@/app/routes/admin/paymentmethod')),
  adminRecurringtips: lazyWithPreload(() => import('@/app/routes/admin/recurringtips')),
  adminSettlements: lazyWithPreload(() => import('@/app/routes/admin/settlements')),
  adminTipjars: lazyWithPreload(() => import('@/app/routes/admin/tipjars')),
  adminTipjar: lazyWithPreload(() => import('@/app/routes/admin/tipjar')),
  adminTips: lazyWithPreload(() => import('@/app/routes/admin/tips')),
  adminUsers: lazyWithPreload(() => import('@/features/admin-users/components/users-page')),
  adminUser: lazyWithPreload(() => import('@/features/admin-users/components/user-page')),

  backofficeIndex: lazyWithPreload(() => import('@/app/routes/backoffice/index')),
  backofficeDashboard: lazyWithPreload(() => import('@/app/routes/backoffice/dashboard')),
  backofficeInvoices: lazyWithPreload(() => import('@/app/routes/backoffice/invoices')),
  backofficeInvoice: lazyWithPreload(() => import('@/app/routes/backoffice/invoice')),
  backofficeRecurringtips: lazyWithPreload(() => import('@/app/routes/backoffice/recurringtips')),
  backofficeRegistration: lazyWithPreload(() => import('@/app/routes/backoffice/registration')),
  backofficeSettings: lazyWithPreload(() => import('@/app/routes/backoffice/settings')),
  backofficeSettlements: lazyWithPreload(() => import('@/app/routes/backoffice/settlements')),
  backofficeTips: lazyWithPreload(() => import('@/app/routes/backoffice/tips')),

  storefront: lazyWithPreload(() => import('@/app/routes/public/storefront')),
};
