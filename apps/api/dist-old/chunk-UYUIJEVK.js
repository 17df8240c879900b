import {
  __name
} from "./chunk-XE4OXN2W.js";

// src/modules/feeds/feeds.fetcher.ts
import http from "node:http";
import https from "node:https";
import zlib from "node:zlib";

// src/modules/feeds/feeds.addresses.ts
import dns from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
var RefusedAddressError = class extends Error {
  constructor(address) {
    super(`Refused to connect to a non-public address (${address})`);
    this.address = address;
  }
  address;
  static {
    __name(this, "RefusedAddressError");
  }
  code = "EREFUSEDADDRESS";
};
function isAllowedAddress(address, allowLoopback) {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range === "unicast") return true;
  return allowLoopback && range === "loopback";
}
__name(isAllowedAddress, "isAllowedAddress");
function ipLiteralOf(hostname) {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
}
__name(ipLiteralOf, "ipLiteralOf");
function guardedLookup(allowLoopback) {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, "", 4);
      const refused = addresses.find((a) => !isAllowedAddress(a.address, allowLoopback));
      if (refused || addresses.length === 0) {
        return callback(new RefusedAddressError(refused?.address ?? hostname), "", 4);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      callback(null, first.address, first.family);
    });
  };
}
__name(guardedLookup, "guardedLookup");

// src/modules/feeds/feeds.fetcher.ts
var FeedFetchError = class extends Error {
  constructor(reason, message) {
    super(message);
    this.reason = reason;
    this.name = "FeedFetchError";
  }
  reason;
  static {
    __name(this, "FeedFetchError");
  }
};
var FEED_MAX_BYTES = 10 * 1024 * 1024;
var FEED_TIMEOUT_MS = 1e4;
var FEED_MAX_REDIRECTS = 5;
var USER_AGENT = "Podpot feed reader (+https://podpot.example/feeds)";
async function safeFetch(url, options) {
  const timeoutMs = options.timeoutMs ?? FEED_TIMEOUT_MS;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    let current = parseHttpUrl(url);
    for (let hop = 0; ; hop++) {
      const response = await request(current, options, abort.signal);
      const location = response.headers.location;
      if (isRedirect(response.statusCode) && location) {
        response.resume();
        if (hop >= (options.maxRedirects ?? FEED_MAX_REDIRECTS)) {
          throw new FeedFetchError("unreachable", "Too many redirects");
        }
        current = parseHttpUrl(new URL(location, current).toString());
        continue;
      }
      return await readResponse(response, current, options);
    }
  } catch (error) {
    throw abort.signal.aborted ? new FeedFetchError("too_slow", `No answer within ${timeoutMs} ms`) : toFetchError(error);
  } finally {
    clearTimeout(timer);
  }
}
__name(safeFetch, "safeFetch");
function parseHttpUrl(value) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new FeedFetchError("bad_url", "Not a URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new FeedFetchError("bad_url", "Only http and https addresses can be fetched");
  }
  if (url.username || url.password) throw new FeedFetchError("bad_url", "Addresses with credentials are refused");
  return url;
}
__name(parseHttpUrl, "parseHttpUrl");
function isRedirect(status) {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}
__name(isRedirect, "isRedirect");
function request(url, options, signal) {
  const literal = ipLiteralOf(url.hostname);
  if (literal && !isAllowedAddress(literal, options.allowLoopback)) throw new RefusedAddressError(literal);
  const headers = {
    "user-agent": USER_AGENT,
    accept: options.accept ?? "application/rss+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5",
    "accept-encoding": "gzip, deflate, br"
  };
  if (options.etag) headers["if-none-match"] = options.etag;
  if (options.lastModified) headers["if-modified-since"] = options.lastModified;
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      { method: "GET", headers, signal, lookup: guardedLookup(options.allowLoopback), agent: false },
      resolve
    );
    req.on("socket", (socket) => {
      socket.once("connect", () => {
        const remote = socket.remoteAddress;
        if (remote && !isAllowedAddress(remote, options.allowLoopback)) req.destroy(new RefusedAddressError(remote));
      });
    });
    req.on("error", reject);
    req.end();
  });
}
__name(request, "request");
async function readResponse(response, url, options) {
  const status = response.statusCode ?? 0;
  if (status === 304 && (options.etag || options.lastModified)) {
    response.resume();
    return { status: "not_modified", url: url.toString() };
  }
  if (status === 404 || status === 410) {
    response.resume();
    throw new FeedFetchError("not_found", `The server answered ${status}`);
  }
  if (status < 200 || status >= 300) {
    response.resume();
    throw new FeedFetchError("unreachable", `The server answered ${status}`);
  }
  const maxBytes = options.maxBytes ?? FEED_MAX_BYTES;
  const declared = Number(response.headers["content-length"]);
  const encoding = String(response.headers["content-encoding"] ?? "identity").toLowerCase();
  if (encoding === "identity" && declared > maxBytes) {
    response.destroy();
    throw new FeedFetchError("too_large", `The answer is ${declared} bytes`);
  }
  const body = await readBounded(decoded(response, encoding), maxBytes, () => response.destroy());
  return {
    status: "ok",
    url: url.toString(),
    body,
    contentType: response.headers["content-type"] ?? null,
    etag: headerOf(response, "etag"),
    lastModified: headerOf(response, "last-modified")
  };
}
__name(readResponse, "readResponse");
function headerOf(response, name) {
  const value = response.headers[name];
  return typeof value === "string" && value ? value : null;
}
__name(headerOf, "headerOf");
function decoded(response, encoding) {
  if (encoding === "gzip" || encoding === "x-gzip") return response.pipe(zlib.createGunzip());
  if (encoding === "deflate") return response.pipe(zlib.createInflate());
  if (encoding === "br") return response.pipe(zlib.createBrotliDecompress());
  return response;
}
__name(decoded, "decoded");
async function readBounded(stream, maxBytes, stop) {
  const chunks = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > maxBytes) {
      stop();
      throw new FeedFetchError("too_large", `The answer passed ${maxBytes} bytes`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
__name(readBounded, "readBounded");
function toFetchError(error) {
  if (error instanceof FeedFetchError) return error;
  if (error instanceof RefusedAddressError) return new FeedFetchError("refused_address", error.message);
  const code = error?.code;
  if (code === "EREFUSEDADDRESS") return new FeedFetchError("refused_address", String(error.message));
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return new FeedFetchError("unreachable", "Unknown host");
  return new FeedFetchError("unreachable", code ? `Connection failed (${code})` : "Connection failed");
}
__name(toFetchError, "toFetchError");

export {
  FeedFetchError,
  FEED_MAX_BYTES,
  safeFetch
};
//# sourceMappingURL=chunk-UYUIJEVK.js.map
