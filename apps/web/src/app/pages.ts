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
  account: lazyWithPreload(() => import('@/features/account/components/account-page')),
  accountRecurringtips: lazyWithPreload(
    () => import('@/features/recurring-tips/components/account-recurringtips-page'),
  ),

  adminDashboard: lazyWithPreload(() => import('@/features/admin-dashboard/components/admin-dashboard-page')),
  adminFaqitems: lazyWithPreload(() => import('@/features/admin-faqitems/components/faqitems-page')),
  adminFaqitem: lazyWithPreload(() => import('@/features/admin-faqitems/components/faqitem-page')),
  adminInvoices: lazyWithPreload(() => import('@/features/admin-invoices/components/invoices-page')),
  adminInvoice: lazyWithPreload(() => import('@/features/admin-invoices/components/invoice-page')),
  adminPaymentmethods: lazyWithPreload(() => import('@/features/admin-paymentmethods/components/paymentmethods-page')),
  adminPaymentmethod: lazyWithPreload(() => import('@/features/admin-paymentmethods/components/paymentmethod-page')),
  adminRecurringtips: lazyWithPreload(() => import('@/features/admin-recurringtips/components/recurringtips-page')),
  adminSettlements: lazyWithPreload(() => import('@/features/admin-settlements/components/settlements-page')),
  adminTipjars: lazyWithPreload(() => import('@/features/admin-tipjars/components/tipjars-page')),
  adminTipjar: lazyWithPreload(() => import('@/features/admin-tipjars/components/tipjar-page')),
  adminTips: lazyWithPreload(() => import('@/features/admin-tips/components/tips-page')),
  adminUsers: lazyWithPreload(() => import('@/features/admin-users/components/users-page')),
  adminUser: lazyWithPreload(() => import('@/features/admin-users/components/user-page')),

  backofficeIndex: lazyWithPreload(() => import('@/features/backoffice/components/backoffice-index-page')),
  backofficeDashboard: lazyWithPreload(() => import('@/features/backoffice/components/dashboard-page')),
  backofficeInvoices: lazyWithPreload(() => import('@/features/backoffice-invoices/components/invoices-page')),
  backofficeInvoice: lazyWithPreload(() => import('@/features/backoffice-invoices/components/invoice-page')),
  backofficeRecurringtips: lazyWithPreload(
    () => import('@/features/backoffice-recurringtips/components/recurringtips-page'),
  ),
  backofficeRegistration: lazyWithPreload(
    () => import('@/features/backoffice-registration/components/registration-page'),
  ),
  backofficeSettings: lazyWithPreload(() => import('@/features/backoffice-settings/components/settings-page')),
  backofficeSettlements: lazyWithPreload(() => import('@/features/backoffice-settlements/components/settlements-page')),
  backofficeTips: lazyWithPreload(() => import('@/features/backoffice-tips/components/tips-page')),

  storefront: lazyWithPreload(() => import('@/features/storefront/components/storefront-page')),
};
