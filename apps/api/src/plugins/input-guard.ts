import { ErrorCode, hasControlCharacter, hasLoneSurrogate } from '@podpot/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { scanJson, tooDeep } from '../lib/json-scan.js';

/**
 * The checks every request passes before any route reads it, signed in or not (decision 059):
 *
 * - a JSON body nested deeper than MAX_JSON_DEPTH (lib/json-scan.ts) is refused while it is parsed
 *   (400 BAD_REQUEST), by one pass over the raw text that also notes whether it holds an escape at all;
 * - no string in the parameters, the query or the body holds a control character (a NUL above all:
 *   PostgreSQL refuses it) or a lone surrogate (`\ud800`: PostgreSQL's `jsonb` refuses it) — 400
 *   VALIDATION naming the field. In a JSON body both can only come from an escape, so a body
 *   without a backslash (nearly all of them) is not walked at all.
 *
 * Every walk is linear in the size of the input: a path is only built for the string that fails.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.decorateRequest(BODY_CHECKED, false);
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    const scan = scanJson(text as string);
    if (scan.tooDeep) {
      done(tooDeep(), undefined);
      return;
    }
    parseJson(request, text as string, (err, body) => {
      const field = err || !scan.hasEscape ? null : badStringPath(body);
      if (field !== null) {
        done(invalid('body', field), undefined);
        return;
      }
      (request as unknown as Checked)[BODY_CHECKED] = true;
      done(err, body);
    });
  });

  // A sync hook, and the common case (no parameters, or flat strings) decided without a walk: it runs
  // on every request (decision 027).
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [where, part] of REQUEST_PARTS) {
      if (part === 'body' && (request as unknown as Checked)[BODY_CHECKED]) continue;
      const value = request[part];
      // A raw upload passed on as a stream by its route's own parser (bonus audio, decision 090): bytes, no strings.
      if (part === 'body' && isStream(value)) continue;
      if (isCleanFlat(value)) continue;
      const field = badStringPath(value);
      if (field !== null) {
        done(invalid(where, field));
        return;
      }
    }
    done();
  });
}

function isStream(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as { pipe?: unknown }).pipe === 'function';
}

/** Set when the JSON parser has checked the body's strings already. */
const BODY_CHECKED = 'podpotBodyChecked';
type Checked = { [BODY_CHECKED]: boolean };

const REQUEST_PARTS = [
  ['params', 'params'],
  ['querystring', 'query'],
  ['body', 'body'],
] as const satisfies readonly (readonly [string, keyof FastifyRequest])[];

function invalid(where: string, field: string): AppError {
  return new AppError(ErrorCode.Validation, `Invalid ${where}: ${field}`, { [field]: { key: 'invalid' } });
}

const isBadString = (text: string) => hasControlCharacter(text) || hasLoneSurrogate(text);

/** Nothing to check, or an object of strings none of which is bad. */
function isCleanFlat(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    if (typeof item !== 'string' || isBadString(item)) return false;
  }
  return true;
}

/**
 * The dotted path of the first string in `value` (in document order) that holds a control character or
 * a lone surrogate, or null. Iterative, so deep input cannot overflow the stack; each node keeps only
 * its key and its parent's index, so the walk is linear and the path is built once, for the hit.
 */
export function badStringPath(value: unknown): string | null {
  const values: unknown[] = [value];
  const keys: string[] = [''];
  const parents: number[] = [-1];
  const pending: number[] = [0];
  for (let at = pending.pop(); at !== undefined; at = pending.pop()) {
    const item = values[at];
    if (typeof item === 'string') {
      if (isBadString(item)) return pathOf(at, keys, parents);
    } else if (item && typeof item === 'object' && !Buffer.isBuffer(item)) {
      const entries = Object.entries(item);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        if (child === null || (typeof child !== 'object' && typeof child !== 'string')) continue;
        pending.push(values.length);
        values.push(child);
        keys.push(key);
        parents.push(at);
      }
    }
  }
  return null;
}

function pathOf(at: number, keys: string[], parents: number[]): string {
  const path: string[] = [];
  for (let i = at; i > 0; i = parents[i]!) path.push(keys[i]!);
  return path.reverse().join('.') || '_';
}
