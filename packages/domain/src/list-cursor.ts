import { z } from 'zod';

/*
 * Keyset paging of lists (decision 041): a cursor is an opaque position in one sorted list, the
 * base64url of a small JSON array [version, sortBy, sortDesc, ...keys]. The keys are the row's
 * values of the list's order (the sorted column, its tie-breakers, the id), so the next page is an
 * index range `(keys) > (cursor)` however deep it is. A cursor names its sort: the API refuses it
 * (422 INVALID_CURSOR) for another sort or direction. It holds nothing but those values, so a
 * cursor of another list (another tip jar's) only names a position: the list's filters still apply.
 */

/** One value of a row's sort keys: a number, or text (timestamps as ISO text with microseconds, uuids). */
export type ListCursorKey = string | number;

export interface ListCursor {
  /** The list's `sortBy`, '' for its default order. */
  sortBy: string;
  /** The list's `sortDesc` (false when it was not given). */
  sortDesc: boolean;
  /** The row's values of the list's order, id last. */
  keys: ListCursorKey[];
}

const VERSION = 1;
/** Long enough for a few timestamps and ids, short enough that a cursor never is a payload. */
export const LIST_CURSOR_MAX_LENGTH = 512;

/** The `after` / `before` query parameter: an opaque cursor (base64url) from a list answer's metadata. */
export const ListCursorParamSchema = z
  .string()
  .max(LIST_CURSOR_MAX_LENGTH, { message: 'tooLong' })
  // Only base64url's characters (a line break or a NUL byte is bad input, 400, as in any parameter);
  // one that does not decode to a cursor of the list is the list's 422 INVALID_CURSOR.
  .regex(/^[A-Za-z0-9_-]*$/, { message: 'format' })
  .describe('an opaque position from metadata.nextCursor / prevCursor of the same list, sort and direction');

/** The decoded cursor: checked here for its shape (and decoded by the API only: 422 when bad), by the list for its sort and key types. */
const ListCursorArraySchema = z
  .tuple([z.literal(VERSION), z.string().max(64), z.union([z.literal(0), z.literal(1)])])
  .rest(z.union([z.string().max(100), z.number().finite()]));

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(encoded: string): string {
  const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

export function encodeListCursor(cursor: ListCursor): string {
  return toBase64Url(JSON.stringify([VERSION, cursor.sortBy, cursor.sortDesc ? 1 : 0, ...cursor.keys]));
}

/** The cursor, or undefined when the text is none of ours (bad base64, JSON, shape or version). */
export function decodeListCursor(encoded: string): ListCursor | undefined {
  if (encoded.length > LIST_CURSOR_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(encoded)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(encoded));
  } catch {
    return undefined;
  }
  const result = ListCursorArraySchema.safeParse(parsed);
  if (!result.success) return undefined;
  const [, sortBy, sortDesc, ...keys] = result.data;
  return { sortBy, sortDesc: sortDesc === 1, keys };
}

/** The cursors of a list answer: of the page's last row (`after` it is the next page) and first row. */
export const ListCursorsSchema = z.object({
  nextCursor: z.string().optional().describe("the page's last row: send as `after` for the next page"),
  prevCursor: z.string().optional().describe("the page's first row: send as `before` for the previous page"),
});
export type ListCursors = z.infer<typeof ListCursorsSchema>;
