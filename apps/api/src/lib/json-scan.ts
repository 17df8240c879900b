import { ErrorCode } from '@podpot/domain';
import { AppError } from './app-error.js';

/**
 * How deep a JSON body may nest. Our deepest body is four levels (`data.answer.en`); the bound leaves
 * room and keeps every walk over a body short. A body of 256 KB could otherwise nest 128,000 levels.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * One pass over a JSON text: is it nested deeper than MAX_JSON_DEPTH, and does a string in it hold an
 * escape (a backslash)? Brackets inside strings are text. Malformed JSON is left to the parser.
 */
export function scanJson(text: string): { tooDeep: boolean; hasEscape: boolean } {
  let depth = 0;
  let inString = false;
  let hasEscape = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) {
        hasEscape = true;
        i++;
      } else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > MAX_JSON_DEPTH) return { tooDeep: true, hasEscape };
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return { tooDeep: false, hasEscape };
}

const BACKSLASH = 0x5c;
const QUOTE = 0x22;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** The answer to a body nested deeper than MAX_JSON_DEPTH: 400 BAD_REQUEST. */
export function tooDeep(): AppError {
  return new AppError(ErrorCode.BadRequest, `JSON body nested deeper than ${MAX_JSON_DEPTH} levels`);
}
