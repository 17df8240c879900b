/**
 * What other modules may read or write of the merchants module's tables: the repository functions they
 * use, and nothing else. Table access stays in this module (layers.json); a module that needs more
 * asks for it here.
 */
export {
  findMerchantOfTipjar,
  type MerchantRow,
  merchantsOfTipjars,
  readMerchantOfTipjar,
} from './merchants.repository.js';
