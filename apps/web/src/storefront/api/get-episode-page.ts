import type { EpisodePage } from '@podpot/domain';
import { api, isApiError } from '@/lib/api-client';

/**
 * GET tipjars/slug/{slug}/e/{episodeId}: an episode's tip page data, or null when the episode is not
 * one of that tip jar's (404). The server writes it into the episode's page; `npm run dev` asks here.
 */
export async function getEpisodePage(slug: string, episodeId: string, signal?: AbortSignal) {
  try {
    return await api.get<EpisodePage>(`tipjars/slug/${encodeURIComponent(slug)}/e/${encodeURIComponent(episodeId)}`, {
      signal,
      silent: true,
    });
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}
