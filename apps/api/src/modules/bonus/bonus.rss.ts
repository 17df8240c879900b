import { escapeXml, type Locale } from '@podpot/domain';
import { t } from '../../i18n/translate.js';

/**
 * The supporter feed as RSS 2.0 with the iTunes and Podcasting 2.0 namespaces (decision 090): private
 * (<itunes:block>, <podcast:locked>), every text escaped.
 */

export interface RssEpisode {
  id: string;
  title: string;
  description: string;
  publishedAt: Date;
  duration: number | null;
  audio: { url: string; type: string; bytes: number };
  artworkUrl: string | null;
}

export interface RssChannel {
  tipjarName: string;
  locale: Locale;
  /** The tip jar's storefront (/{slug}). */
  link: string;
}

const e = escapeXml;

function head(channel: RssChannel): string[] {
  const { tipjarName: tipjar, locale } = channel;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0">',
    '<channel>',
    `<title>${e(t(locale, 'supporterFeed.titleSuffix', { tipjar }))}</title>`,
    `<link>${e(channel.link)}</link>`,
    `<description>${e(t(locale, 'supporterFeed.description', { tipjar }))}</description>`,
    `<language>${locale}</language>`,
    `<itunes:author>${e(tipjar)}</itunes:author>`,
    '<itunes:block>Yes</itunes:block>',
    '<itunes:explicit>false</itunes:explicit>',
    '<podcast:locked>yes</podcast:locked>',
  ];
}

const TAIL = ['</channel>', '</rss>', ''];

/** hh:mm:ss */
function durationText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

/** The open feed: the episodes this supporter may hear, newest first. */
export function openFeedXml(channel: RssChannel, episodes: readonly RssEpisode[]): string {
  const items = episodes.flatMap((ep) => [
    '<item>',
    `<guid isPermaLink="false">${e(ep.id)}</guid>`,
    `<title>${e(ep.title)}</title>`,
    `<description>${e(ep.description)}</description>`,
    `<pubDate>${ep.publishedAt.toUTCString()}</pubDate>`,
    `<enclosure url="${e(ep.audio.url)}" length="${ep.audio.bytes}" type="${e(ep.audio.type)}"/>`,
    ...(ep.duration !== null ? [`<itunes:duration>${durationText(ep.duration)}</itunes:duration>`] : []),
    ...(ep.artworkUrl ? [`<itunes:image href="${e(ep.artworkUrl)}"/>`] : []),
    '</item>',
  ]);
  return [...head(channel), ...items, ...TAIL].join('\n');
}

/**
 * The ended feed: one item "your support has ended — renew here" linking to the storefront; its guid
 * names the end (`ended-<since>`), so an app that saw the open feed shows it as new.
 */
export function endedFeedXml(channel: RssChannel, endedGuid: string, date: Date): string {
  const { tipjarName: tipjar, locale } = channel;
  return [
    ...head(channel),
    '<item>',
    `<guid isPermaLink="false">${e(endedGuid)}</guid>`,
    `<title>${e(t(locale, 'supporterFeed.endedTitle'))}</title>`,
    `<link>${e(channel.link)}</link>`,
    `<description>${e(t(locale, 'supporterFeed.endedDescription', { tipjar, link: channel.link }))}</description>`,
    `<pubDate>${date.toUTCString()}</pubDate>`,
    '</item>',
    ...TAIL,
  ].join('\n');
}
