import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { API_PREFIX } from '../lib/http.js';

/**
 * helmet's security headers (CSP, HSTS, nosniff, frame and referrer policy, …) on every answer. They
 * depend on nothing in the request, so helmet runs once, here, and each request only copies the
 * result: @fastify/helmet built helmet's whole middleware chain again per request, a twentieth of the
 * CPU time of a cheap read (decision 020). The API's answers (`/api/v1/…`: JSON, CSV, the shared
 * images and PDF) get only those that guard a response read by a script or opened on its own
 * (API_HEADER_NAMES, decision 051); pages and everything else get them all. A route that sends its
 * own header of one of these names (the API docs page's CSP) still wins, as before.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions = SECURITY_HEADER_OPTIONS) {
  const pageHeaders = securityHeaders(options);
  const apiHeaders = Object.fromEntries(Object.entries(pageHeaders).filter(([name]) => API_HEADER_NAMES.has(name)));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(API_PATHS) ? apiHeaders : pageHeaders);
    // An answer to a signed-in request is that person's: no cache, shared or the browser's, keeps it.
    // A route whose answer is the same for everyone (a shared badge) sets its own caching over this.
    if (request.headers.authorization) reply.header('cache-control', 'no-store');
    done();
  });
}

const API_PATHS = `${API_PREFIX}/`;

/**
 * What an API answer carries (OWASP's REST security headers): the policy (frame-ancestors 'none' and no
 * script if an answer is opened as a document), HSTS, nosniff, no framing, no referrer, and same-origin
 * reads only. helmet's others speak to HTML documents or old clients — opener and origin-agent
 * isolation, DNS prefetching, IE8's download prompt, Flash's cross-domain policies, the XSS auditor —
 * and each header costs every answer (decision 051).
 */
export const API_HEADER_NAMES: ReadonlySet<string> = new Set([
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-resource-policy',
]);

/** The app's helmet options: a CSP for the single-page app served from this origin. */
export const SECURITY_HEADER_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet sets with these options (static ones: no directive may be a function). */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}
