import type { Locale } from '@podpot/domain';
import { en } from './en.js';
import { nl } from './nl.js';

/*
 * The API's own texts (decision 074): mails, invoice PDFs, the Share page's files, feed errors. One
 * catalog per language (en.ts, nl.ts), one lookup: t(locale, 'mail.tipReceipt.subject', { … }).
 * Texts the web app shows come from its catalogs (apps/web/src/locales), the storefront's server
 * render included; rules both sides share (money, VAT, statuses) from @podpot/domain.
 */

/** Every text's key, dotted: 'mail.signoff', 'invoice.terms.paid'. */
export type TextKey<T = typeof en> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${TextKey<T[K]>}`;
}[keyof T & string];

type TextAt<T, K extends string> = K extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? TextAt<T[Head], Rest>
    : never
  : K extends keyof T
    ? T[K]
    : never;

/** The `{{name}}` placeholders of a text. */
type Placeholders<S> = S extends `${string}{{${infer Name}}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** A placeholder's value: text, a number (written as String(n)) or a UserText (its one-line form). */
export type TextParam = string | number | { toString(): string };

/** A text's placeholders, each to be given (none: no argument). */
type ParamsArg<K extends TextKey> = [Placeholders<TextAt<typeof en, K>>] extends [never]
  ? []
  : [params: Record<Placeholders<TextAt<typeof en, K>>, TextParam>];

function flatten(catalog: object, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value === 'string') into.set(`${prefix}${key}`, value);
    else flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}

const TEXTS: Record<Locale, Map<string, string>> = { en: flatten(en), nl: flatten(nl) };

/** Every text of a language by its dotted key (the parity test, catalogs.test.ts). */
export function textsOf(locale: Locale): ReadonlyMap<string, string> {
  return TEXTS[locale];
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/**
 * The text of `key` in `locale`, its `{{name}}` placeholders filled in once (a value is never read for
 * placeholders itself). The key and the placeholders are checked by the compiler against en.ts.
 */
export function t<K extends TextKey>(locale: Locale, key: K, ...[params]: ParamsArg<K>): string {
  const text = TEXTS[locale].get(key) ?? TEXTS.en.get(key) ?? key;
  if (!params) return text;
  const values = params as Record<string, TextParam>;
  return text.replace(PLACEHOLDER, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
