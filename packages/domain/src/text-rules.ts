/* Plain text rules without zod: the storefront's own entry (apps/web src/storefront) uses them. */

/**
 * C0 control characters other than tab, line feed and carriage return. No field of ours holds them:
 * PostgreSQL refuses a NUL in text outright, and the others only hide or garble what a person sees.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/** True when a text holds a control character no field accepts (the API refuses such input, 400). */
export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * Half of a UTF-16 surrogate pair standing alone (a JSON escape such as `\ud800` makes one). It is no
 * character at all: PostgreSQL refuses it in `jsonb`, and no text a person typed holds one. With the
 * `u` flag a proper pair is one code point, so only a lone half matches.
 */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** True when a text holds a lone surrogate (the API refuses such input, 400). */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/**
 * A one-line field holds no carriage return or line feed: names, e-mail, phone, slug, titles,
 * search terms — everything that is one line on screen. Some of them end up in mail headers (a tip
 * jar name is in subject lines), where a line break would start a header of its own ("Bcc: …").
 */
export const SINGLE_LINE_PATTERN = /^[^\r\n]*$/;

/** True when a text has no line break (CR or LF). */
export function isSingleLine(text: string): boolean {
  return SINGLE_LINE_PATTERN.test(text);
}
