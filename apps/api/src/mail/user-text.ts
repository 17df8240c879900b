/**
 * Text a person typed — a tip's message, a tipper's name, a tip jar's or podcast's name, a feed's
 * address (decision 064) — as a mail template may write it. A template's own words are plain strings;
 * such text is a UserText, which a template can only write in one of three forms, none of which the
 * layout (mail-blocks.ts) can read as ours:
 *
 * - in a sentence or a fact's value (`${userText(name)}`, its toString): one line, so it never starts a
 *   line, a fact row, a link line or a paragraph of its own; a colon in it is followed by a no-break
 *   space, so it never makes the "Label: value" of a fact; links broken (below);
 * - as a quoted block (`quoted()`): every line starts with "> ", which the layout draws as a separate,
 *   quoted box and never as facts, links or buttons;
 * - in a subject (`inSubject()`): the one-line form, cut short.
 *
 * Links broken: a scheme's "://" becomes "[:]//" and a dot before a host-like word "[.]"
 * ("https[:]//evil[.]example/verify"), the way security mail writes a link nobody should follow. Neither
 * our layout nor a mail app's autolinker then makes it a link, in the HTML or the plain text.
 */
export class UserText {
  readonly #raw: string;

  private constructor(raw: string) {
    this.#raw = raw;
  }

  static of(raw: string | UserText): UserText {
    return raw instanceof UserText ? raw : new UserText(raw);
  }

  /** The one-line form, for a sentence or a fact's value. */
  toString(): string {
    return brokenLinks(withoutInvisibles(this.#raw).trim()).replace(/: /g, ':\u00a0');
  }

  /** The one-line form cut to `max` characters: no URL, no line break, nothing long in a subject line. */
  inSubject(max = 60): string {
    const line = this.toString();
    return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
  }

  /** The text as a quoted block: every line starts with "> " (an empty one with ">"). */
  quoted(): string {
    return withoutInvisibles(this.#raw.replace(/\r\n?/g, '\n'), true)
      .trim()
      .split('\n')
      .map((line) => brokenLinks(line.trimEnd()))
      .map((line) => (line === '' ? '>' : `> ${line}`))
      .join('\n');
  }
}

export const userText = (raw: string | UserText): UserText => UserText.of(raw);

/** A line of the plain text that is (part of) a quoted block: the layout draws it quoted. */
export const QUOTE_LINE = /^>( |$)/;

/**
 * Control and format characters (zero-width spaces, direction overrides): they could hide a dot from the
 * link breaking ("evil\u200b.example") or turn the text around. The zero-width joiner stays (emoji), and
 * line feeds and tabs when `keepLines`.
 */
function withoutInvisibles(text: string, keepLines = false): string {
  return keepLines
    ? text.replace(/(?![\n\t\u200d])[\p{Cc}\p{Cf}]/gu, '')
    : text.replace(/\s+/gu, ' ').replace(/(?!\u200d)[\p{Cc}\p{Cf}]/gu, '');
}

/** "https://evil.example/x" → "https[:]//evil[.]example/x"; "e.g." and "4.5" stay as they are. */
function brokenLinks(text: string): string {
  return text
    .replace(/([a-z][a-z0-9+.-]*):\/\//giu, '$1[:]//')
    .replace(/(?<=[\p{L}\p{N}])[.\u3002\uff0e\uff61](?=\p{L}{2})/gu, '[.]');
}
