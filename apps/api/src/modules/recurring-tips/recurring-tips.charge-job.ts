/**
 * The monthly charge run is charge/run.ts (its folder's one entry). This name is kept only for
 * src/cli.ts, which still imports it from here; the next change to cli.ts imports charge/run.ts and
 * deletes this file.
 */
export { runCharges } from './charge/run.js';
