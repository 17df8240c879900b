/** A complete production environment (every setting production-mode checks demand), for config tests. */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  // Never connected to by the config tests; a test that starts a production server gives its own database.
  DATABASE_URL: 'postgres://podpot@db.podpot.invalid:5432/podpot',
  JWT_SECRET: 'b3f1c8e2a9d47f6e0c5b1a8d2e9f3c7a6b4d8e1f0a2c5b9e',
  OPP_API_URL: 'https://api-sandbox.onlinebetaalplatform.nl/v1',
  OPP_API_KEY: 'live-key-from-the-provider',
  OPP_NOTIFY_SECRET: 'notify-secret-from-the-provider',
  OPP_PLATFORM_MERCHANT_UID: 'mer_platform1234',
  PUBLIC_URL: 'https://podpot.example',
  SELLER_NAME: 'Podpot B.V.',
  SELLER_ADDRESS: 'Keizersgracht 1; 1015 AA Amsterdam',
  SELLER_COC: '87654321',
  SELLER_VAT_NUMBER: 'NL987654321B01',
} as const;
