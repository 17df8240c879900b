/**
 * The load generator, run in its own process (`node bench/load.mjs '<case json>'`) so it never shares
 * an event loop with the server it measures. Prints one JSON line: req/s, latency percentiles, errors.
 */
import autocannon from 'autocannon';

const c = JSON.parse(process.argv[2]);
const result = await autocannon({
  url: c.url,
  method: c.method ?? 'GET',
  headers: c.headers,
  body: c.body,
  connections: c.connections,
  duration: c.seconds,
});
process.stdout.write(
  `${JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  })}\n`,
);
