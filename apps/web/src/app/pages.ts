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
  thankyou: lazyWithPreload(() => import('@/features/thankyou/components/thankyou-page')),
  login: lazyWithPreload(() => import('@/features/auth/components/login-page')),
  register: lazyWithPreload(() => import('@/features/auth/components/register-page')),
  passwordRecovery: lazyWithPreload(() => import('@/features/auth/components/password-recovery-page')),
  passwordReset: lazyWithPreload(() => import('@/features/auth/components/password-reset-page')),
  podcastmaker: lazyWithPreload(() => import('@/features/podcastmaker/components/podcastmaker-page')),
  order: lazyWithPreload(() => import('@/features/order/components/order-page')),
  account: lazyWithPreload(() => import('@/app/routes/public/account')),
  accountRecurringtips: lazyWithPreload(() => import('@/app/routes/public/account-recurringtips')),

  adminDashboard: lazyWithPreload(() => import('@/features/admin-dashboard/components/admin-dashboard-page')),
  adminFaqitems: lazyWithPreload(() => import('@/features/admin-faqitems/components/faqitems-page')),
  adminFaqitem: lazyWithPreload(() => import('@/features/admin-faqitems/components/faqitem-page')),
  adminInvoices: lazyWithPreload(() => import('@/app/routes/admin/invoices')),
  adminInvoice: lazyWithPreload(() => import('@/app/routes/admin/invoice')),
  adminPaymentmethods: lazyWithPreload(() => import('@/features/admin-paymentmethods/components/paymentmethods-page')),
  adminPaymentmethod: lazyWithPreload(() => import('@/features/admin-paymentmethods/components/paymentmethod-page')),
  adminRecurringtips: lazyWithPreload(() => import('@/app/routes/admin/recurringtips')),
  adminSettlements: lazyWithPreload(() => import('@/app/routes/admin/settlements')),
  adminTipjars: lazyWithPreload(() => import('@/features/admin-tipjars/components/tipjars-page')),
  adminTipjar: lazyWithPreload(() => import('@/features/admin-tipjars/components/tipjar-page')),
  adminTips: lazyWithPreload(() => import('@/app/routes/admin/tips')),
  adminUsers: lazyWithPreload(() => import('@/features/admin-users/components/users-page')),
  adminUser: lazyWithPreload(() => import('@/features/admin-users/components/user-page')),

  backofficeIndex: lazyWithPreload(() => import('@/features/backoffice/components/backoffice-index-page')),
  backofficeDashboard: lazyWithPreload(() => import('@/features/backoffice/components/dashboard-page')),
  backofficeInvoices: lazyWithPreload(() => import('@/app/routes/backoffice/invoices')),
  backofficeInvoice: lazyWithPreload(() => import('@/app/routes/backoffice/invoice')),
  backofficeRecurringtips: lazyWithPreload(() => import('@/app/routes/backoffice/recurringtips')),
  backofficeRegistration: lazyWithPreload(
    () => import('@/features/backoffice-registration/components/registration-page'),
  ),
  backofficeSettings: lazyWithPreload(() => import('@/features/backoffice-settings/components/settings-page')),
  backofficeSettlements: lazyWithPreload(() => import('@/app/routes/backoffice/settlements')),
  backofficeTips: lazyWithPreload(() => import('@/app/routes/backoffice/tips')),

  storefront: lazyWithPreload(() => import('@/features/storefront/components/storefront-page')),
};
