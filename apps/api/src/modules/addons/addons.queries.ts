/**
 * What other modules may read or write of the addons module's tables: the repository functions they
 * use, and nothing else. Table access stays in this module (layers.json); a module that needs more
 * asks for it here.
 */
export { type AddonRow, findAddon, insertAddon } from './addons.repository.js';
