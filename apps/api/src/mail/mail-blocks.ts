import { QUOTE_LINE } from './user-text.js';

/**
 * A mail's plain text read as blocks (decision 035): every template writes its text in one shape —
 * a greeting, paragraphs apart by a blank line, facts as "Label: value" lines, a link on a line of its
 * own, a sign-off — and the HTML part is drawn from those blocks, so both parts always say the same.
 * Lines that start with "> " are what a person typed (user-text.ts, decision 064): a quote, never read
 * as facts, links or buttons.
 */
export type MailBlock =
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'quote'; lines: string[] }
  | { kind: 'facts'; rows: { label: string; value: string }[] }
  | { kind: 'action'; url: string; lead?: string }
  | { kind: 'signoff'; lines: string[] };

const URL_ONLY = /^https?:\/\/\S+$/;
/** A sentence that ends in a link. */
const TRAILING_URL = /^(\S.*?[?:.!])\s+(https?:\/\/\S+)$/;
/** "Label: value" with a short label; a value may itself be a link ("Manage: https://…"). */
const FACT = /^([^:\n]{1,60}): (\S.*)$/;
/** A greeting or a sign-off word followed by a comma ("Groet,", "Best,", "Hoi Mark,"). */
const SIGNOFF = /^(Best|Groet|Groeten|Met vriendelijke groet|Kind regards|Regards|Thanks|Bedankt),$/i;

export function mailBlocks(text: string): MailBlock[] {
  const blocks: MailBlock[] = [];
  for (const chunk of text.replace(/\r\n/g, '\n').split(/\n\s*\n/)) {
    for (const run of quoteRuns(chunk.split('\n').filter((line) => line.trim() !== ''))) {
      if (run.quoted) blocks.push({ kind: 'quote', lines: run.lines.map((line) => line.replace(QUOTE_LINE, '')) });
      else ours(run.lines, blocks);
    }
  }
  return blocks;
}

/** A chunk's lines split into runs of quoted lines and of our own, in order. */
function quoteRuns(lines: string[]): { quoted: boolean; lines: string[] }[] {
  const runs: { quoted: boolean; lines: string[] }[] = [];
  for (const line of lines) {
    const quoted = QUOTE_LINE.test(line);
    const last = runs.at(-1);
    if (last && last.quoted === quoted) last.lines.push(line);
    else runs.push({ quoted, lines: [line] });
  }
  return runs;
}

/** Our own lines of a chunk as a block (or a paragraph and its button). */
function ours(lines: string[], blocks: MailBlock[]): void {
  if (SIGNOFF.test(lines[0]!.trim())) {
    blocks.push({ kind: 'signoff', lines });
  } else if (lines.length === 1 && URL_ONLY.test(lines[0]!.trim())) {
    blocks.push({ kind: 'action', url: lines[0]!.trim() });
  } else if (lines.every((line) => FACT.test(line) && !URL_ONLY.test(line.trim()))) {
    blocks.push({
      kind: 'facts',
      rows: lines.map((line) => {
        const [, label, value] = FACT.exec(line)!;
        return { label: label!, value: value! };
      }),
    });
  } else if (lines.length >= 2 && URL_ONLY.test(lines.at(-1)!.trim())) {
    // "Do it with this link:\nhttps://…": the text leads to the button.
    blocks.push({ kind: 'paragraph', lines: lines.slice(0, -1) });
    blocks.push({ kind: 'action', url: lines.at(-1)!.trim() });
  } else if (TRAILING_URL.test(lines.at(-1)!)) {
    // "Want to change it? https://…": the question, then the button.
    const [, lead, url] = TRAILING_URL.exec(lines.at(-1)!)!;
    blocks.push({ kind: 'paragraph', lines: [...lines.slice(0, -1), lead!] });
    blocks.push({ kind: 'action', url: url! });
  } else {
    blocks.push({ kind: 'paragraph', lines });
  }
}
