export * from './catalog.js';
export * from './tipjars.js';
export * from './users.js';
