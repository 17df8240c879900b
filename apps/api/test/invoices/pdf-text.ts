import { inflateSync } from 'node:zlib';

/**
 * A small PDF text reader for tests: the text of each page, decoded the way a viewer would — through
 * a font's ToUnicode map when it has one (embedded fonts), else as Latin-1 bytes. Understands
 * FlateDecode streams, indirect page resources, Tf, Tj and TJ; enough for the documents we write,
 * not a general PDF parser.
 */

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  for (const m of text.matchAll(/(\d+) 0 obj\b([\s\S]*?)\bendobj/g)) {
    const body = m[2]!;
    const at = body.search(/\bstream\r?\n/);
    if (at === -1) {
      objects.set(Number(m[1]), { dict: body });
      continue;
    }
    const start = body.indexOf('\n', at) + 1;
    const dict = body.slice(0, at);
    // The stream's bytes are its dictionary's /Length: cutting at `endstream` and dropping a line end
    // before it also cut a compressed stream whose last byte was a carriage return (a flaky test).
    const length = /\/Length (\d+)(?!\s+\d+\s+R)/.exec(dict)?.[1];
    const bytes =
      length === undefined
        ? body.slice(start, body.lastIndexOf('endstream')).replace(/\r?\n$/, '')
        : body.slice(start, start + Number(length));
    const raw = Buffer.from(bytes, 'latin1');
    objects.set(Number(m[1]), { dict, stream: /\/FlateDecode/.test(dict) ? inflateSync(raw) : raw });
  }
  return objects;
}

const ref = (dict: string, key: string) => {
  const m = new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dict);
  return m ? Number(m[1]) : undefined;
};

const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');

/** code → text from a ToUnicode CMap (bfchar and both bfrange forms). */
function parseCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>/gi)) map.set(parseInt(m[1]!, 16), utf16(m[2]!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(\[[^\]]*\]|<[0-9a-f]+>)/gi)) {
      const lo = parseInt(m[1]!, 16);
      const hi = parseInt(m[2]!, 16);
      if (m[3]!.startsWith('[')) {
        let code = lo;
        for (const u of m[3]!.matchAll(/<([0-9a-f]+)>/gi)) map.set(code++, utf16(u[1]!));
      } else {
        const base = parseInt(m[3]!.slice(1, -1), 16);
        for (let code = lo; code <= hi; code++) map.set(code, String.fromCodePoint(base + code - lo));
      }
    }
  }
  return map;
}

function unescapeLiteral(s: string): string {
  return s.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, c: string) =>
    /^[0-7]/.test(c) ? String.fromCharCode(parseInt(c, 8)) : ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' }[c] ?? c),
  );
}

/** The text of every page, one string per page; each text-showing operator on its own line. */
export function pdfPageTexts(pdf: Buffer): string[] {
  const objects = objectsOf(pdf);
  const fontsOf = (resources: string) => {
    const fonts = new Map<string, Map<number, string> | null>();
    const inline = /\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? '';
    for (const m of inline.matchAll(/\/(\S+)\s+(\d+) 0 R/g)) {
      const cmapRef = ref(objects.get(Number(m[2]))?.dict ?? '', 'ToUnicode');
      const cmap = cmapRef === undefined ? undefined : objects.get(cmapRef)?.stream?.toString('latin1');
      fonts.set(m[1]!, cmap ? parseCmap(cmap) : null);
    }
    return fonts;
  };
  // Pages in reading order: the /Kids of the (single, flat) page tree.
  const tree = [...objects.values()].find((o) => /\/Type\s*\/Pages\b/.test(o.dict));
  const kids = [...(/\/Kids\s*\[([^\]]*)\]/.exec(tree?.dict ?? '')?.[1] ?? '').matchAll(/(\d+) 0 R/g)];
  const pages: string[] = [];
  for (const kid of kids) {
    const page = objects.get(Number(kid[1]));
    if (!page) continue;
    const resourcesRef = ref(page.dict, 'Resources');
    const fonts = fontsOf(resourcesRef === undefined ? page.dict : (objects.get(resourcesRef)?.dict ?? ''));
    const content = objects.get(ref(page.dict, 'Contents') ?? -1)?.stream?.toString('latin1') ?? '';
    let cmap: Map<number, string> | null = null;
    const lines: string[] = [];
    const decodeHex = (hex: string) =>
      cmap
        ? (hex.match(/.{4}/g) ?? []).map((code) => cmap!.get(parseInt(code, 16)) ?? '\ufffd').join('')
        : Buffer.from(hex, 'hex').toString('latin1');
    for (const op of content.matchAll(
      /\/(\S+)\s+[\d.]+\s+Tf|\[((?:[^\]\\]|\\.)*)\]\s*TJ|<([0-9a-f]*)>\s*Tj|\(((?:[^)\\]|\\.)*)\)\s*Tj/gi,
    )) {
      if (op[1] !== undefined) cmap = fonts.get(op[1]) ?? null;
      else if (op[2] !== undefined) {
        const parts = op[2].matchAll(/<([0-9a-f]*)>|\(((?:[^)\\]|\\.)*)\)/gi);
        lines.push([...parts].map((p) => (p[1] !== undefined ? decodeHex(p[1]) : unescapeLiteral(p[2]!))).join(''));
      } else if (op[3] !== undefined) lines.push(decodeHex(op[3]));
      else lines.push(unescapeLiteral(op[4]!));
    }
    pages.push(lines.join('\n'));
  }
  return pages;
}
