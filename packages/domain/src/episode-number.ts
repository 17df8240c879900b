/**
 * Episode labels ("Episode 42: Title") add the feed's episode number to its title. Many feeds already
 * start the title with it ("Aflevering 42: …", "#42 – …", "Ep. 42"), and the label would then say it
 * twice. Plain module: the storefront's first-visit bundle imports it (`@podpot/domain/episode-number`).
 */

/** How far into a title its number still counts as the title's own numbering. */
const TITLE_HEAD = 24;

/** Whether the title's start names this number: only non-digits before it, and not part of a longer number. */
export function titleNamesNumber(title: string, number: number): boolean {
  return new RegExp(`^\\D*?(?<!\\d)0*${number}(?!\\d)`).test(title.slice(0, TITLE_HEAD));
}

/** The number a label should add to the episode's title: null without one, or when the title already says it. */
export function shownEpisodeNumber(episode: { title: string; number: number | null }): number | null {
  if (episode.number === null || titleNamesNumber(episode.title, episode.number)) return null;
  return episode.number;
}
