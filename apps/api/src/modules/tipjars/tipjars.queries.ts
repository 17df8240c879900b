/**
 * What other modules may read or write of the tipjars module's tables: the repository functions they
 * use, and nothing else. Table access stays in this module (layers.json); a module that needs more
 * asks for it here.
 */
export {
  archiveTipjar,
  deleteTipjar,
  findTipjar,
  findTipjarBySlug,
  findTipjarByVerifiedFeed,
  listAdminRecipients,
  listTippableTipjarsAfter,
  lockTipjar,
  lockTipjarShared,
  type TipjarRow,
  updateTipjar,
} from './tipjars.repository.js';
