import iconv from 'iconv-lite';

/* Bytes to text the way real feeds need it: their declared encoding, and HTML descriptions as plain text. */

const DECLARATION = /^<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/;

/**
 * The feed's text. The encoding is the byte-order mark's, else the XML declaration's, else the
 * Content-Type's charset, else UTF-8. ISO-8859-1 is read as windows-1252, its superset, as browsers
 * do (feeds labelled latin-1 often carry curly quotes and € from 1252).
 */
export function decodeFeed(body: Buffer, contentType: string | null): string {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return body.subarray(3).toString('utf8');
  if (body[0] === 0xff && body[1] === 0xfe) return iconv.decode(body.subarray(2), 'utf16le');
  if (body[0] === 0xfe && body[1] === 0xff) return iconv.decode(body.subarray(2), 'utf16be');
  const head = body.subarray(0, 256).toString('latin1').trimStart();
  const declared = DECLARATION.exec(head)?.[1] ?? /charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
  const encoding = labelOf(declared);
  return encoding === 'utf8' ? body.toString('utf8') : iconv.decode(body, encoding);
}

function labelOf(declared: string | undefined): string {
  const label = (declared ?? 'utf-8').toLowerCase();
  if (label === 'utf-8' || label === 'utf8') return 'utf8';
  if (['iso-8859-1', 'latin1', 'latin-1', 'iso8859-1', 'us-ascii', 'ascii'].includes(label)) return 'windows-1252';
  return iconv.encodingExists(label) ? label : 'utf8';
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  euro: '€',
  eacute: 'é',
  euml: 'ë',
  iuml: 'ï',
  ouml: 'ö',
  uuml: 'ü',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[entity.toLowerCase()] ?? whole;
  });
}

/**
 * A description's HTML as plain text for a form field: scripts and styles dropped, paragraphs and
 * line breaks kept as line breaks, every other tag removed, entities decoded, blank runs collapsed.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])\s*>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '- ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
