import { DEFAULT_BRAND_NAME } from '@podpot/domain';

/** Build-time configuration (Vite `VITE_*` variables) with the defaults the app runs with. */
export const env = {
  apiUrl: (import.meta.env.VITE_API_URL as string | undefined) || '/api/v1',
  authClientId: (import.meta.env.VITE_AUTH_CLIENT_ID as string | undefined) || 'podpot-web',
  authScope: (import.meta.env.VITE_AUTH_SCOPE as string | undefined) || 'all',
  brandName: (import.meta.env.VITE_BRAND_NAME as string | undefined) || DEFAULT_BRAND_NAME,
  supportEmail: (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined) || 'support@podpot.nl',
  /**
   * Price of the Podpot add-on in cents (landing page, AFREKENEN). The API charges its own TIPJAR_PRICE_CENTS
   * (default 1500) and exposes no price call yet, so the web build is configured to match.
   */
  tipjarPriceCents: Number(import.meta.env.VITE_TIPJAR_PRICE_CENTS) || 1500,
};
