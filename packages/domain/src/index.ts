export * from './brand.js';
export * from './errors.js';
export * from './money.js';
export * from './paging.js';
export * from './phone.js';
export * from './schemas.js';
export * from './tipjar-status.js';
