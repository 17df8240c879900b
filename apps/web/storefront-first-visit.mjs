/**
 * The lazy modules a first visit to a storefront (`/{slug}`) loads at once, beside the entry: its layout
 * and its page (manifest keys, relative to apps/web). The build preloads their chunks in storefront.html
 * (vite.config.ts) and scripts/first-visit-budget.mjs counts them: one list for both.
 */
export const STOREFRONT_FIRST_VISIT_MODULES = [
  'src/app/layouts/storefront-layout.tsx',
  'src/app/routes/public/storefront.tsx',
];
