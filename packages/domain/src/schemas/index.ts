/*
 * The zod schemas of every request and answer, one file per entity; `@podpot/domain` re-exports them
 * all. fields.ts holds the field rules without the phone rules (the storefront's tip form imports it),
 * common.ts the shared ones with them.
 */
export * from './api-token.js';
export * from './audit.js';
export * from './auth.js';
export * from './boost.js';
export * from './common.js';
export * from './deletion.js';
export * from './episode.js';
export * from './faqitem.js';
export * from './feed.js';
export * from './fields.js';
export * from './invitation.js';
export * from './invoice.js';
export * from './merchant.js';
export * from './payment-incident.js';
export * from './paymentmethod.js';
export * from './recurring-tip.js';
export * from './refund.js';
export * from './settlement.js';
export * from './statistics.js';
export * from './supporters.js';
export * from './tip.js';
export * from './tipjar.js';
export * from './two-step.js';
export * from './user.js';
export * from './webhook.js';
