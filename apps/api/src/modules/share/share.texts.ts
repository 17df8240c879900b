import type { Locale } from '@podpot/domain';

/** The words of the shared files (badge, QR code, poster, funding tag) in each language. */
export interface ShareTexts {
  /** On the badge, and its alt text in the snippet. */
  badge: (brand: string) => string;
  /** The badge's accessible name as a file of its own (`<title>`). */
  badgeTitle: (name: string, brand: string) => string;
  /** The QR code's accessible name (`<title>` of the SVG). */
  qrTitle: (name: string, brand: string) => string;
  /** The text of the `podcast:funding` tag (podcast apps show it as the link's label; keep it short). */
  funding: (brand: string) => string;
  /** The poster's invitation under the podcast's name. */
  posterLine: string;
  /** Names the episode on an episode's poster. */
  posterEpisode: (title: string) => string;
  /** The poster's footer. */
  posterFooter: (brand: string) => string;
}

const TEXTS: Record<Locale, ShareTexts> = {
  en: {
    badge: (brand) => `Tip us on ${brand}`,
    badgeTitle: (name, brand) => `Tip ${name} on ${brand}`,
    qrTitle: (name, brand) => `QR code: tip ${name} on ${brand}`,
    funding: (brand) => `Tip us on ${brand}`,
    posterLine: 'Enjoying the show? Scan the code and give us a tip.',
    posterEpisode: (title) => `Episode: ${title}`,
    posterFooter: (brand) => `Tip with iDEAL or Bancontact on ${brand}`,
  },
  nl: {
    badge: (brand) => `Geef een fooi via ${brand}`,
    badgeTitle: (name, brand) => `Geef ${name} een fooi via ${brand}`,
    qrTitle: (name, brand) => `QR-code: geef ${name} een fooi via ${brand}`,
    funding: (brand) => `Geef ons een fooi via ${brand}`,
    posterLine: 'Geniet je van de podcast? Scan de code en geef ons een fooi.',
    posterEpisode: (title) => `Aflevering: ${title}`,
    posterFooter: (brand) => `Geef een fooi met iDEAL of Bancontact via ${brand}`,
  },
};

export function shareTexts(locale: Locale): ShareTexts {
  return TEXTS[locale];
}
