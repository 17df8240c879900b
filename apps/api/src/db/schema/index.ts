export * from './catalog.js';
export * from './invoices.js';
export * from './merchants.js';
export * from './payments.js';
export * from './recurring-tips.js';
export * from './tipjars.js';
export * from './tips.js';
export * from './users.js';
