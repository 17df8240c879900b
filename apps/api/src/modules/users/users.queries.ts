/**
 * What other modules may read or write of the users module's tables: the repository functions they
 * use, and nothing else. Table access stays in this module (layers.json); a module that needs more
 * asks for it here.
 */
export {
  archiveUser,
  deleteUser,
  endResetLinks,
  findUserByEmail,
  findUserById,
  findUserIdByEmail,
  findUserLocale,
  listSoleAdminTipjars,
  lockUser,
  replacePassword,
  type UserRow,
} from './users.repository.js';
