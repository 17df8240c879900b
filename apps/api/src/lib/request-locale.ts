import { acceptedLanguages, isLocale, type Locale } from '@podpot/domain/locale';
import type { FastifyRequest } from 'fastify';

/**
 * The asker's language for the API's own texts (an error's `message`): the first of ours in
 * `Accept-Language`, which the web app sets to the page's language; English otherwise.
 */
export function requestLocale(request: FastifyRequest): Locale {
  for (const tag of acceptedLanguages(request.headers['accept-language'])) {
    const language = tag.slice(0, 2).toLowerCase();
    if (isLocale(language)) return language;
  }
  return 'en';
}
