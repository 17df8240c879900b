import path from 'node:path';
import { type Env, EnvSchema } from './env-schema.js';
import { productionProblems } from './production.js';

export type { Env } from './env-schema.js';

export interface Config extends Env {
  JWT_SECRET: string;
  OPP_NOTIFY_SECRET: string;
  OPP_API_KEY: string;
  SELLER_NAME: string;
  SELLER_ADDRESS: string;
  SELLER_COC: string;
  SELLER_VAT_NUMBER: string;
  /** Absolute data dir. */
  dataDir: string;
  publicUrl: string;
  usesSimulator: boolean;
  /** FEED_ALLOW_LOOPBACK with its default (on outside production). */
  feedAllowLoopback: boolean;
  /** Secrets not given in the environment: filled from the database at start (config/secrets.ts). */
  generatedSecrets: readonly SharedSecretName[];
}

export type SharedSecretName = 'JWT_SECRET' | 'OPP_NOTIFY_SECRET' | 'OPP_API_KEY';

/** Settings a process cannot run with: a server prints the message alone and exits. */
export class ConfigurationError extends Error {}

/**
 * Parses the environment; throws a ConfigurationError listing every bad variable. The configuration is frozen: a
 * process never changes a setting while it runs (decision 072). A caller that knows more than the
 * environment (the secrets a database keeps, the port it listens on) makes a new one with configWith.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Env> = {}): Config {
  const parsed = EnvSchema.safeParse({ ...source, ...overrides });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigurationError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const usesSimulator = !env.OPP_API_URL;
  if (env.NODE_ENV === 'production') {
    const problems = productionProblems(env);
    if (problems.length) {
      throw new ConfigurationError(
        `Podpot will not start in production:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
      );
    }
  }
  if (!usesSimulator && !env.OPP_API_KEY)
    throw new ConfigurationError('Invalid configuration: OPP_API_URL needs OPP_API_KEY');
  if (env.JOBS === 'queue' && !env.DATABASE_URL) {
    // The job queue lives in PostgreSQL (decision 078); the embedded database has one process anyway.
    throw new ConfigurationError('Invalid configuration: JOBS=queue needs DATABASE_URL (PostgreSQL)');
  }
  return deepFreeze({
    ...env,
    ...sellerOf(env),
    dataDir,
    usesSimulator,
    feedAllowLoopback: env.FEED_ALLOW_LOOPBACK ? env.FEED_ALLOW_LOOPBACK === 'true' : env.NODE_ENV !== 'production',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    // Outside production a missing secret is generated once per database (resolveSharedSecrets), so
    // every process on that database signs and verifies alike, across restarts.
    JWT_SECRET: env.JWT_SECRET ?? '',
    OPP_NOTIFY_SECRET: env.OPP_NOTIFY_SECRET ?? '',
    // The simulator's key is random per database too (never a constant anyone could guess).
    OPP_API_KEY: env.OPP_API_KEY ?? '',
    generatedSecrets: [
      ...(env.JWT_SECRET ? [] : (['JWT_SECRET'] as const)),
      ...(env.OPP_NOTIFY_SECRET ? [] : (['OPP_NOTIFY_SECRET'] as const)),
      ...(env.OPP_API_KEY ? [] : (['OPP_API_KEY'] as const)),
    ],
  });
}

/**
 * `config` with `changes`, as a new frozen configuration (`config` itself stays as it was). Not checked
 * again: for what a process learns after loading (a secret kept in the database, the port it got),
 * and for tests.
 */
export function configWith(config: Config, changes: Partial<Config>): Config {
  return deepFreeze({ ...config, ...changes });
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The seller printed on invoices. An invoice must name its real issuer, so production refuses to start
 * without one (production.ts); elsewhere obvious demo values stand in.
 */
function sellerOf(env: Env) {
  const demo = env.NODE_ENV !== 'production';
  return {
    SELLER_NAME: env.SELLER_NAME ?? `${env.BRAND_NAME} B.V.`,
    SELLER_ADDRESS: env.SELLER_ADDRESS ?? 'Demostraat 1; 1234 AB Amsterdam',
    SELLER_COC: env.SELLER_COC ?? '12345678',
    SELLER_VAT_NUMBER: env.SELLER_VAT_NUMBER ?? 'NL123456789B01',
    SELLER_IBAN: env.SELLER_IBAN ?? (demo ? 'NL91ABNA0417164300' : undefined),
  };
}
