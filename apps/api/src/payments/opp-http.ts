import http from 'node:http';
import https from 'node:https';

/**
 * How the OPP transport sends one HTTP exchange: the part of `fetch` it uses. The built-in fetch
 * fits (tests pass their own); by default calls go over node:http(s) with keep-alive agents
 * (httpFetch), which costs a fraction of the built-in fetch's CPU per call — its web streams and
 * per-request machinery were most of the charge run's API time (decision 023).
 */
export type OppFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<OppHttpResponse>;

export interface OppHttpResponse {
  ok: boolean;
  status: number;
  statusText: string;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/** One exchange over node:http(s): the body is read whole; an aborted signal ends it with an error. */
export const httpFetch: OppFetch = (url, init) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    if (!(target.protocol in agents)) {
      reject(new Error(`unsupported protocol ${target.protocol}`));
      return;
    }
    if (init.signal?.aborted) {
      reject(init.signal.reason ?? new Error('aborted'));
      return;
    }
    const request = client.request(target, {
      method: init.method,
      headers:
        init.body === undefined ? init.headers : { ...init.headers, 'content-length': Buffer.byteLength(init.body) },
      agent: agents[target.protocol as keyof typeof agents],
    });
    const onAbort = () => request.destroy(init.signal?.reason ?? new Error('aborted'));
    init.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => init.signal?.removeEventListener('abort', onAbort);
    request.on('error', (err) => {
      done();
      reject(err);
    });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      // The body is read before the answer is handed over (the transport always reads it whole).
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (err) => {
        done();
        reject(err);
      });
      response.on('end', () => {
        done();
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          ok: status >= 200 && status < 300,
          status,
          statusText: response.statusMessage ?? '',
          headers: {
            get: (name) => {
              const value = response.headers[name.toLowerCase()];
              return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
            },
          },
          text: () => Promise.resolve(text),
        });
      });
    });
    request.end(init.body);
  });
