/**
 * The one owner of the bodies many requests share (decision 038, owner named in 073): the JSON of a
 * cached answer is the same string for every reader (lib/json-serializer.ts writes a frozen answer
 * once and remembers its JSON here), so the compression plugin (plugins/compression.ts) compresses it
 * once per encoding, here, instead of once per request — on the storefront's lookup that was half of
 * the request's CPU. At most MAX_SHARED_BODIES, the oldest dropped first. Neither side sees the
 * other's part: the serializer only remembers, the plugin only asks for an encoded form.
 */
export type SharedEncoding = 'br' | 'gzip';

/** A remembered body: its text and its encoded forms, each made once. */
export class SharedBody {
  readonly #encoded: Partial<Record<SharedEncoding, Buffer>> = {};

  constructor(readonly text: string) {}

  /** The body in `encoding`: made by `encode` the first time it is asked for, the same bytes after. */
  encoded(encoding: SharedEncoding, encode: (encoding: SharedEncoding, text: string) => Buffer): Buffer {
    let bytes = this.#encoded[encoding];
    if (!bytes) {
      bytes = encode(encoding, this.text);
      this.#encoded[encoding] = bytes;
    }
    return bytes;
  }
}

const MAX_SHARED_BODIES = 512;
const bodies = new Map<string, SharedBody>();

/** Remembers `json` as a cached answer's JSON, which every reader of that answer is sent. */
export function rememberSharedBody(json: string): void {
  if (bodies.size >= MAX_SHARED_BODIES) bodies.delete(bodies.keys().next().value!);
  bodies.set(json, new SharedBody(json));
}

/** The shared body `body` is when it is a remembered answer's JSON, else undefined. */
export function sharedBodyOf(body: string): SharedBody | undefined {
  return bodies.get(body);
}
