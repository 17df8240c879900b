/**
 * What other modules may read or write of the episodes module's tables: the repository functions they
 * use, and nothing else. Table access stays in this module (layers.json); a module that needs more
 * asks for it here.
 */
export { episodeRefs, episodesOfTipjars, findEpisode, findEpisodeEvenRemoved } from './episodes.repository.js';
