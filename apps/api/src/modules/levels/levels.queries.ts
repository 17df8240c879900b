/**
 * What other modules may read of the levels module's table: a tip jar's levels, once per request
 * (lists, exports, statistics, the supporter wall). The level of a tip is `levelRefOf` (levels.service.ts).
 */
export { type LevelRow, listLevels, listLevelsOf } from './levels.repository.js';
