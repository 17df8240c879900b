import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { FeedFetchError } from './feeds.fetcher.js';
import { decodeFeed, htmlToText } from './feeds.text.js';

/*
 * Reads a podcast feed: RSS 2.0 with Apple's itunes: and Podcasting 2.0's podcast: namespaces, as real
 * feeds write them (CDATA, HTML in descriptions, non-UTF-8 encodings, thousands of episodes). Tolerant:
 * a missing field is null, never an error; a stray `&` or an HTML entity (`&nbsp;`) is kept as text
 * (decoded later); only a document that is no RSS feed, or is cut off, is refused.
 *
 * saxes streams the document once and we keep only the fields we read (far faster than a
 * tree-building parser on a big feed: docs/benchmarks-history.md). It never expands DOCTYPE entities,
 * so an entity bomb stays a few undefined-entity errors.
 *
 * A feed is a stranger's document (decision 060): its work is linear in its size and bounded whatever
 * it holds. Elements nested deeper than FEED_MAX_DEPTH refuse it, each element's text is kept up to
 * FEED_MAX_TEXT characters, and only the newest FEED_MAX_EPISODES episodes are kept. The API runs this
 * in a worker thread with a time budget (feeds.parse-thread.ts), never on its event loop.
 */

/** Elements open at once: a feed needs about 5 (rss/channel/item/field); deeper is no feed. */
export const FEED_MAX_DEPTH = 64;
/** Characters of one element's text that are read (an HTML description included); the rest is ignored. */
export const FEED_MAX_TEXT = 64 * 1024;
/** Episodes kept of one feed: the newest by date (undated ones last, in the feed's order). */
export const FEED_MAX_EPISODES = 500;
/** Characters kept of a title or guid and of a description once read as text; longer addresses are no address. */
const MAX_TITLE = 1000;
const MAX_DESCRIPTION = 4000;
const MAX_URL = 2000;
/** podcast:funding tags read (a feed has one or two). */
const MAX_FUNDING = 20;

export interface FeedEpisode {
  guid: string;
  title: string;
  number: number | null;
  season: number | null;
  /** ISO 8601, or null when the feed's date cannot be read. */
  publishedAt: string | null;
  link: string | null;
  /** Seconds. */
  duration: number | null;
}

export interface ParsedFeed {
  title: string;
  description: string;
  artworkUrl: string | null;
  website: string | null;
  language: string | null;
  /** itunes:owner/itunes:email, else the podcast:locked owner: where an ownership code goes. */
  ownerEmail: string | null;
  /** podcast:locked says "yes": the feed asks not to be imported elsewhere. */
  locked: boolean;
  /** podcast:guid, the podcast's own lasting id. */
  podcastGuid: string | null;
  funding: { url: string; label: string }[];
  /** The newest FEED_MAX_EPISODES episodes, newest first (undated ones last, in the feed's order). */
  episodes: FeedEpisode[];
  /** Episodes the feed has (one per guid), kept or not. */
  itemCount: number;
}

/** Parses a fetched body; throws FeedFetchError('not_a_feed') when it is no RSS feed or is cut off. */
export function parseFeed(body: Buffer, contentType: string | null): ParsedFeed {
  const reader = new FeedReader();
  const parser = new SaxesParser({ xmlns: false, position: false });
  // Errors are noted, not thrown: real feeds carry bare '&' and HTML entities; saxes then keeps the text.
  parser.on('error', () => {
    reader.errors += 1;
  });
  parser.on('opentag', (tag) => reader.open(tag));
  parser.on('text', (text) => reader.text(text));
  parser.on('cdata', (text) => reader.text(text));
  parser.on('closetag', (tag) => reader.close(tag.name));
  try {
    parser.write(decodeFeed(body, contentType)).close();
  } catch (error) {
    if (error instanceof FeedFetchError) throw error;
    throw new FeedFetchError('not_a_feed', `The XML could not be read: ${(error as Error).message}`);
  }
  return reader.result();
}

const CHANNEL_FIELDS = new Set([
  'title',
  'link',
  'language',
  'description',
  'itunes:summary',
  'podcast:guid',
  'podcast:locked',
]);
const EPISODE_FIELDS = new Set([
  'title',
  'itunes:title',
  'guid',
  'link',
  'pubDate',
  'itunes:episode',
  'podcast:episode',
  'itunes:season',
  'podcast:season',
  'itunes:duration',
]);

/**
 * Collects the fields we use while saxes walks the document. `path` is the open elements' names; only
 * the first three levels matter (rss/channel/item), so a tag's place is known in constant time.
 */
class FeedReader {
  errors = 0;
  private readonly path: string[] = [];
  /** Text of each open element (CDATA included), innermost last, each at most FEED_MAX_TEXT. */
  private readonly texts: string[] = [];
  private rootClosed = false;
  private readonly channel = new Map<string, string>();
  private artworkHref: string | null = null;
  private imageUrl: string | null = null;
  private ownerEmail: string | null = null;
  private lockedOwner: string | null = null;
  private readonly funding: { url: string; label: string }[] = [];
  private fundingUrl: string | null = null;
  private item: Map<string, string> | null = null;
  private readonly episodes = new NewestEpisodes(FEED_MAX_EPISODES);

  /** The names of the open elements joined, when there are at most three of them (else null: we read nothing deeper). */
  private where(): string | null {
    return this.path.length <= 3 ? this.path.join('/') : null;
  }

  open(tag: SaxesTagPlain): void {
    if (this.path.length >= FEED_MAX_DEPTH) {
      throw new FeedFetchError('not_a_feed', `Elements nested deeper than ${FEED_MAX_DEPTH}`);
    }
    const parent = this.where();
    this.path.push(tag.name);
    this.texts.push('');
    const attr = (name: string) => (tag.attributes[name] ?? '').trim() || null;
    if (parent === 'rss/channel') {
      if (tag.name === 'item') this.item = new Map();
      else if (tag.name === 'itunes:image') this.artworkHref ??= attr('href');
      else if (tag.name === 'podcast:locked') this.lockedOwner = attr('owner');
      else if (tag.name === 'podcast:funding') this.fundingUrl = attr('url');
    } else if (parent === 'rss/channel/item' && tag.name === 'enclosure' && this.item) {
      const url = attr('url');
      if (url) this.item.set('enclosure', url);
    }
  }

  text(text: string): void {
    const last = this.texts.length - 1;
    if (last < 0) return;
    const kept = this.texts[last]!;
    if (kept.length < FEED_MAX_TEXT) this.texts[last] = kept + text.slice(0, FEED_MAX_TEXT - kept.length);
  }

  close(name: string): void {
    const value = (this.texts.pop() ?? '').trim();
    this.path.pop();
    const parent = this.where();
    if (parent === 'rss/channel') {
      if (name === 'item') this.endItem();
      else if (name === 'podcast:funding') this.endFunding(value);
      else if (CHANNEL_FIELDS.has(name) && value && !this.channel.has(name)) this.channel.set(name, value);
    } else if (parent === 'rss/channel/item' && this.item && EPISODE_FIELDS.has(name) && value) {
      if (!this.item.has(name)) this.item.set(name, value);
    } else if (parent === 'rss/channel/image' && name === 'url') {
      this.imageUrl ??= value || null;
    } else if (parent === 'rss/channel/itunes:owner' && name === 'itunes:email') {
      this.ownerEmail ??= value || null;
    } else if (parent === '' && name === 'rss') {
      this.rootClosed = true;
    }
  }

  private endItem(): void {
    const episode = this.item && toEpisode(this.item);
    if (episode) this.episodes.add(episode);
    this.item = null;
  }

  private endFunding(label: string): void {
    const url = httpUrl(this.fundingUrl);
    if (url && this.funding.length < MAX_FUNDING) this.funding.push({ url, label: label.slice(0, MAX_TITLE) });
    this.fundingUrl = null;
  }

  result(): ParsedFeed {
    const title = this.channel.get('title');
    if (!this.rootClosed || !title) {
      throw new FeedFetchError(
        'not_a_feed',
        this.rootClosed ? 'No RSS channel with a title' : 'No complete RSS document',
      );
    }
    const field = (name: string) => this.channel.get(name) ?? null;
    return {
      title: htmlToText(title).slice(0, MAX_TITLE),
      description: htmlToText(field('description') ?? field('itunes:summary') ?? '').slice(0, MAX_DESCRIPTION),
      artworkUrl: httpUrl(this.artworkHref) ?? httpUrl(this.imageUrl),
      website: httpUrl(field('link')),
      language: field('language')?.slice(0, 35) ?? null,
      ownerEmail: emailOf(this.ownerEmail) ?? emailOf(this.lockedOwner),
      locked: field('podcast:locked')?.toLowerCase() === 'yes',
      podcastGuid: field('podcast:guid')?.slice(0, MAX_TITLE) ?? null,
      funding: this.funding,
      episodes: this.episodes.newestFirst(),
      itemCount: this.episodes.seen,
    };
  }
}

/**
 * The newest `max` episodes of a feed, one per guid (the first in the feed wins), without holding
 * them all: when twice `max` are held, the older half goes. Newest by date, undated ones last; equal
 * dates in the feed's order.
 */
class NewestEpisodes {
  /** Episodes (with a guid) the feed has. */
  seen = 0;
  private readonly guids = new Set<string>();
  private readonly held: { episode: FeedEpisode; time: number; order: number }[] = [];

  constructor(private readonly max: number) {}

  add(episode: FeedEpisode): void {
    if (this.guids.has(episode.guid)) return;
    this.guids.add(episode.guid);
    const time = episode.publishedAt === null ? Number.NEGATIVE_INFINITY : Date.parse(episode.publishedAt);
    this.held.push({ episode, time, order: this.seen });
    this.seen += 1;
    if (this.held.length >= 2 * this.max) this.trim();
  }

  newestFirst(): FeedEpisode[] {
    this.trim();
    return this.held.map((h) => h.episode);
  }

  private trim(): void {
    // Infinity minus itself is NaN: two undated episodes compare by their order.
    this.held.sort((a, b) => (a.time === b.time ? a.order - b.order : b.time - a.time));
    this.held.length = Math.min(this.held.length, this.max);
  }
}

function toEpisode(item: Map<string, string>): FeedEpisode | null {
  const get = (name: string) => item.get(name) ?? null;
  const title = get('title') ?? get('itunes:title');
  const guid = (get('guid') ?? get('enclosure') ?? get('link') ?? title)?.slice(0, MAX_TITLE);
  if (!guid) return null;
  const published = Date.parse(get('pubDate') ?? '');
  return {
    guid,
    title: htmlToText(title ?? '').slice(0, MAX_TITLE),
    number: positiveInt(get('itunes:episode') ?? get('podcast:episode')),
    season: positiveInt(get('itunes:season') ?? get('podcast:season')),
    publishedAt: Number.isNaN(published) ? null : new Date(published).toISOString(),
    link: httpUrl(get('link')),
    duration: durationOf(get('itunes:duration')),
  };
}

/* ---------- values ---------- */

function httpUrl(value: string | null): string | null {
  if (!value || value.length > MAX_URL) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function emailOf(value: string | null): string | null {
  const email = value
    ?.replace(/^mailto:/i, '')
    .trim()
    .toLowerCase();
  return email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 254 ? email : null;
}

function positiveInt(value: string | null): number | null {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 0 && n < 1_000_000 ? n : null;
}

/** itunes:duration: seconds, MM:SS or HH:MM:SS. */
function durationOf(value: string | null): number | null {
  if (!value || !/^\d+(:\d{1,2}){0,2}(\.\d+)?$/.test(value)) return null;
  return Math.round(value.split(':').reduce((total, part) => total * 60 + Number(part), 0));
}
