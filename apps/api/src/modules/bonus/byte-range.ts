/**
 * One HTTP byte range (RFC 9110 §14.1.2) of a file of `size` bytes: `bytes=a-b`, `bytes=a-`, `bytes=-n`.
 * null = send the whole file (no Range header, a form we do not serve such as several ranges, or not
 * a byte range at all — a server may ignore Range); 'unsatisfiable' = 416.
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match;
  if (!from && !to) return null;
  if (!from) {
    // The last n bytes.
    const n = Number(to);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(from);
  const end = to ? Math.min(Number(to), size - 1) : size - 1;
  if (to && Number(to) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
