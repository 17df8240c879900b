import {
  BONUS_UPLOAD_PART_BYTES,
  BONUS_UPLOAD_PART_MIN_BYTES,
  DEFAULT_BRAND_NAME,
  DEFAULT_PLATFORM_FEE_BPS,
} from '@podpot/domain';
import { z } from 'zod';

/* The environment's schema, apart from loading it (env.ts) so production's checks can read its type. */

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).optional());

// --- Abuse limits: proxy trust and the shared counter store -------------------------------------
/** Names proxy-addr knows besides addresses and CIDRs. */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: false (default: the socket's address is the client,
 * X-Forwarded-For is ignored), a hop count, or the proxies' addresses/CIDRs. Never "trust anyone":
 * then any client could pick its own address and walk around every per-IP limit.
 */
/**
 * A CIDR wider than any proxy network: shorter than /8 for IPv4 (and IPv4-mapped IPv6), /32 for IPv6.
 * `/0` (everyone) would otherwise pass here and stop the start with a stack from Fastify's proxy check.
 */
function trustsTheInternet(entry: string): boolean {
  const match = /^(.*)\/(\d+)$/.exec(entry);
  if (!match) return false;
  const [, address, bits] = match as unknown as [string, string, string];
  const prefix = Number(bits);
  if (!address.includes(':')) return prefix < 8;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+|0:0)$/i.test(address);
  return mapped ? prefix - 96 < 8 : prefix < 32;
}

const trustProxySetting = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const text = v.trim().toLowerCase();
    if (['', 'off', 'false', '0'].includes(text)) return false;
    return /^\d+$/.test(text) ? Number(text) : text.split(',').map((part) => part.trim());
  },
  z
    .union(
      [
        z.literal(false),
        z.number().int().min(1),
        z
          .array(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6(), z.enum(PROXY_NAMES)]))
          .min(1)
          .superRefine((entries, check) => {
            const wide = entries.find(trustsTheInternet);
            if (wide) {
              check.addIssue({
                code: 'custom',
                message:
                  `${wide} trusts ${/\/0$/.test(wide) ? 'every address' : 'a large part of the internet'}: any client ` +
                  "could then pick its own address with X-Forwarded-For. Name your proxies' addresses, or a hop count",
              });
            }
          }),
      ],
      { error: 'off, a hop count (e.g. 1), or comma-separated proxy addresses/CIDRs' },
    )
    .default(false),
);
// -------------------------------------------------------------------------------------------------

/** Every setting the API reads. Parsed once at start; a bad value stops the process with a clear message. */
/** Every environment variable the API reads, with its default. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /**
   * Slow clients (decision 059): the time to send a whole request, headers and body (408 after it);
   * to send the headers alone; and how long a connection may sit with nothing moving. The headers'
   * time never exceeds the request's.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  /** Public base URL of this deployment, used in mails and provider return/notify URLs. */
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  /** Bonus audio uploaded in parts (decision 099): the most one part may carry (8 MB: ~2.2 Mbit/s in 30 s). */
  BONUS_UPLOAD_PART_BYTES: z.coerce
    .number()
    .int()
    .min(BONUS_UPLOAD_PART_MIN_BYTES)
    .max(64 * 1024 * 1024)
    .default(BONUS_UPLOAD_PART_BYTES),
  /** postgres://… switches from the embedded PGlite database to PostgreSQL. */
  DATABASE_URL: optionalUrl,
  /**
   * PostgreSQL connections per process. No connection is held during a provider call, so 20 carries
   * the charge run's 16 sends in flight (each a few short statements) or a burst of tips (decision 019).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(20),
  /** HS256 signing secret for access tokens; at least 32 characters. Generated once per database outside production. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /**
   * The key TOTP secrets of two-step login are encrypted under (decision 045); at least 32 characters.
   * Unset: JWT_SECRET, as before it existed, so nothing stored becomes unreadable.
   */
  TWO_STEP_KEY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'TWO_STEP_KEY must be at least 32 characters').optional(),
  ),
  /**
   * Older keys (comma-separated), tried when a stored TOTP secret does not open with the current one,
   * e.g. the JWT_SECRET before a rotation; a secret read with one is stored again under the current key.
   */
  TWO_STEP_KEY_PREVIOUS: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((key) => key.trim())
            .filter(Boolean)
        : v,
    z.array(z.string().min(32, 'every key in TWO_STEP_KEY_PREVIOUS must be at least 32 characters')).default([]),
  ),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(60 * 60 * 24 * 7),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Podpot <no-reply@podpot.local>'),
  BRAND_NAME: z.string().min(1).default(DEFAULT_BRAND_NAME),
  /** Real OPP API (e.g. https://api-sandbox.onlinebetaalplatform.nl/v1). Unset: the built-in simulator. */
  OPP_API_URL: optionalUrl,
  OPP_API_KEY: z.string().optional(),
  /** Secret of OPP's notification signature (the verification_hash or the signed headers). */
  OPP_NOTIFY_SECRET: z.string().optional(),
  /**
   * How a notification's signature is checked: `verification_hash` (HMAC-SHA256 of the notification
   * uid, in the body), `headers` (HTTP `Digest` + `Signature`, hmac-sha256) or `none`. Whatever it
   * says, a notification is only a poke: the object is re-read from the provider with our key, and a
   * signature that does not match is logged, never trusted for anything but skipping a repeat.
   */
  OPP_NOTIFY_SCHEME: z.enum(['verification_hash', 'headers', 'none']).default('verification_hash'),
  /** At most one re-read of one notified object per this many ms; pokes meanwhile share the next read. */
  OPP_NOTIFY_REREAD_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** Tries in all for an OPP call that may be repeated (GETs, creates with an Idempotency-Key); 1 = no retry. */
  OPP_RETRY_TRIES: z.coerce.number().int().min(1).max(10).default(3),
  /** First back-off before a retry (ms); doubles per try, each wait jittered below it, at most 2 s. */
  OPP_RETRY_BASE_MS: z.coerce.number().int().min(0).max(2000).default(250),
  /** Payments naming one merchant in flight at once per process (decision 019); its changes go one at a time. */
  OPP_MERCHANT_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /** Monthly charges the charge run sends to the provider at once (decision 019). */
  CHARGE_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /** The platform's own OPP merchant, which receives the Podpot add-on payments. */
  OPP_PLATFORM_MERCHANT_UID: z.string().optional(),
  /** Simulator only: how long a new consumer merchant stays pending before it goes live (ms). */
  SIM_MERCHANT_LIVE_DELAY_MS: z.coerce.number().int().min(0).optional(),
  /**
   * Simulator only, off by default: its fault mode (duplicate, reordered and late notifications, 409s
   * and 5xx, answers lost after acting), e.g. `duplicate,reorder,delay,http409=0.2,http5xx=0.1,timeout=0.1`;
   * the grammar is in apps/opp-simulator/src/faults.ts. Refused in production.
   */
  SIM_FAULTS: optionalText,
  /**
   * Simulator only: which side of each open question about OPP's answers it plays — `pessimistic`
   * (default: partial refunds turn a payment `refunded`, refunds start `created`, no `reference` echoed…)
   * or `optimistic` (apps/opp-simulator/src/provider-modes.ts, docs/sandbox-checklist.md).
   */
  SIM_PROVIDER: z.enum(['optimistic', 'pessimistic']).default('pessimistic'),
  /** Seed of the fault mode's random choices: the same seed replays a run (logged at start when drawn). */
  SIM_FAULTS_SEED: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .optional(),
  PLATFORM_FEE_BPS: z.coerce.number().int().min(0).max(5000).default(DEFAULT_PLATFORM_FEE_BPS),
  /** Price of the Podpot add-on in cents, VAT included. */
  TIPJAR_PRICE_CENTS: z.coerce.number().int().min(0).default(1500),
  /** Tip creations per minute per client IP (against card testing); the bench raises it. */
  TIP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Requests per minute per personal API token of a maker (decision 096). */
  API_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  // --- Abuse limits ---
  /** Which proxies may set X-Forwarded-For: off (default), a hop count (`1`), or addresses/CIDRs. */
  TRUST_PROXY: trustProxySetting,
  /** redis://… keeps the rate-limit counters and the login back-off in Redis, shared by every process. */
  REDIS_URL: optionalUrl,
  /** Prefix of every Redis key (several deployments, or test runs, on one Redis). */
  REDIS_KEY_PREFIX: z.string().default('podpot:'),
  /** Failed logins for one e-mail address (from any IP) before it must wait; each further failure doubles the wait. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  /** Wrong passwords for one e-mail address within an hour that raise an alert (log, metric, audit entry). */
  LOGIN_ALERT_FAILURES: z.coerce.number().int().min(1).default(20),
  // --- end of abuse limits ---
  /**
   * Podcast feeds (decision 030): whether a feed or artwork may be fetched from a loopback address
   * (127.0.0.0/8, ::1). Default: on outside production (tests, the demo feed this process serves), off
   * in production. Every other private, link-local or CGNAT range is refused whatever this says.
   */
  FEED_ALLOW_LOOPBACK: z.enum(['true', 'false']).optional(),
  /** Time for one feed or artwork fetch, redirects included (ms). */
  FEED_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Time for parsing one fetched feed, in a worker thread that is ended when over it (ms; decision 060). */
  FEED_PARSE_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(20_000),
  /** Feed previews (POST feeds/preview) one user may ask per minute: each is an outgoing request. */
  FEED_PREVIEW_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  SEED_DEMO: z.enum(['true', 'false', 'auto']).default('auto'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGIN: z.string().optional(),
  /** Serve the built SPA from this folder (default apps/web/dist when it exists). */
  WEB_DIST: z.string().optional(),
  /**
   * The scheduled jobs in this process: `on` on its own timers (npm start, one process), `queue` on the
   * PostgreSQL job queue (worker processes, decision 078), `off` none (web processes beside workers).
   */
  JOBS: z.enum(['on', 'queue', 'off']).default('on'),
  /**
   * Whether this process sends the mail outbox (docs/money-rules.md §10): right after a commit that queued mail,
   * and every few seconds while JOBS=on. Off: mail stays queued for another process (tests of a crash).
   */
  MAIL_WORKER: z.enum(['on', 'off']).default('on'),
  /** Bearer token for GET /metrics; without it /metrics answers only outside production. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** The seller on invoices (the platform's company): demo values outside production, required in production. */
  SELLER_NAME: optionalText,
  /** Address lines separated by ';' (e.g. "Street 1; 1234 AB Amsterdam"). */
  SELLER_ADDRESS: optionalText,
  /** Chamber of Commerce (KvK) number. */
  SELLER_COC: optionalText,
  SELLER_VAT_NUMBER: optionalText,
  /** Where invoices are paid to; without it the payment terms name no account. */
  SELLER_IBAN: optionalText,
  SELLER_PAYMENT_TERM_DAYS: z.coerce.number().int().min(0).max(365).default(14),
});

export type Env = z.infer<typeof EnvSchema>;
