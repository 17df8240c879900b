/**
 * What other modules may read or write of the tips module's tables: the repository functions they
 * use, and nothing else. Table access stays in this module (layers.json); a module that needs more
 * asks for it here.
 */
export { addRefunded, findTip, insertTip, insertTips, lockTip, moveTipStatus, type TipRow } from './tips.repository.js';
