import type { Env } from './env-schema.js';
import { estimatedSecretBits, MIN_SECRET_BITS } from './secret-strength.js';

/**
 * Every setting production cannot run without, or runs unsafely with, in one list: the process
 * refuses to start and names them all at once (not one per restart). Production never runs the
 * payment simulator (anyone could mark orders paid at its checkout), never generates a secret and
 * never seeds demo accounts.
 */
export function productionProblems(env: Env): string[] {
  const problems: string[] = [...databaseProblems(env)];
  const need = (name: keyof Env, why: string) => {
    if (!env[name]) problems.push(`${name} is not set: ${why}`);
  };
  need('JWT_SECRET', 'the signing secret of access tokens (at least 32 random characters)');
  if (env.JWT_SECRET && !isStrongSecret(env.JWT_SECRET)) problems.push(weakSecret('JWT_SECRET'));
  // The key of two-step login's secrets (decision 045); unset, JWT_SECRET serves. Older keys are only
  // tried for reading, so a weak one there stays accepted: refusing it would lock its users out.
  if (env.TWO_STEP_KEY && !isStrongSecret(env.TWO_STEP_KEY)) problems.push(weakSecret('TWO_STEP_KEY'));
  need('OPP_API_URL', 'the payment provider API; production never runs the built-in simulator');
  if (env.OPP_API_URL && !isHttps(env.OPP_API_URL)) problems.push('OPP_API_URL must use https');
  need('OPP_API_KEY', 'the API key of the payment provider');
  // A notification is only ever a poke (its object is re-read with our key), so OPP_NOTIFY_SCHEME=none
  // is safe; any other scheme needs the real secret, or every genuine notification reads as forged.
  if (env.OPP_NOTIFY_SCHEME !== 'none') {
    need(
      'OPP_NOTIFY_SECRET',
      `the secret of the provider's notification signature (OPP_NOTIFY_SCHEME=${env.OPP_NOTIFY_SCHEME})`,
    );
    if (env.OPP_NOTIFY_SECRET && env.OPP_NOTIFY_SECRET.length < 16) {
      problems.push('OPP_NOTIFY_SECRET is weak: at least 16 characters');
    }
  }
  if (env.SIM_FAULTS && env.SIM_FAULTS.toLowerCase() !== 'off') {
    problems.push('SIM_FAULTS is set: the fault mode belongs to the payment simulator, which production never runs');
  }
  // A feed address is a stranger's URL our server requests: in production it never reaches our own
  // loopback services (decision 030), whatever FEED_ALLOW_LOOPBACK says.
  if (env.FEED_ALLOW_LOOPBACK === 'true') {
    problems.push('FEED_ALLOW_LOOPBACK is set: production never fetches feeds from its own loopback (127.0.0.1, ::1)');
  }
  need('OPP_PLATFORM_MERCHANT_UID', 'the merchant that receives Podpot orders');
  need('PUBLIC_URL', 'the public https address used in mails and payment return URLs');
  if (env.PUBLIC_URL && !isHttps(env.PUBLIC_URL)) problems.push('PUBLIC_URL must use https');
  for (const name of ['SELLER_NAME', 'SELLER_ADDRESS', 'SELLER_COC', 'SELLER_VAT_NUMBER'] as const) {
    need(name, 'the seller printed on invoices');
  }
  return problems;
}

/**
 * Production runs on PostgreSQL only (decision 077): the embedded PGlite keeps its data in one process's
 * folder, so a restart on a new disk would lose every tip, and no second process could share it. Also
 * what `npm run db:migrate` checks before it touches anything.
 */
export function databaseProblems(env: Pick<Env, 'DATABASE_URL'>): string[] {
  if (!env.DATABASE_URL) {
    return [
      'DATABASE_URL is not set: the PostgreSQL database (postgres://user:password@host:5432/name); production never runs on the embedded PGlite',
    ];
  }
  return /^postgres(ql)?:$/.test(new URL(env.DATABASE_URL).protocol)
    ? []
    : ['DATABASE_URL must be a postgres:// (or postgresql://) address'];
}

function isHttps(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/** At least 32 characters worth an estimated 128 bits: no repeats, runs or repeated stretches (decision 063). */
function isStrongSecret(value: string): boolean {
  return value.length >= 32 && estimatedSecretBits(value) >= MIN_SECRET_BITS;
}

function weakSecret(name: string): string {
  return `${name} is weak: use at least 32 random characters, without repeats or runs (e.g. \`openssl rand -hex 32\`)`;
}
