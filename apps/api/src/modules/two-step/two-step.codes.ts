import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@podpot/domain';
import { Secret, TOTP } from 'otpauth';

/**
 * The secrets of two-step login (decision 036): TOTP by the `otpauth` library (RFC 6238: SHA-1, 6
 * digits, 30 s), its secret encrypted at rest, recovery codes and device tokens hashed.
 */

const PERIOD_SECONDS = 30;

/** A new random TOTP secret (160 bits, as RFC 4226 recommends), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label = '', issuer = 'Podpot'): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, account: string, issuer: string): string {
  return totpOf(secret, account, issuer).toString();
}

/** The current code of a secret (demo seed docs, tests, the e2e login helper compute it alike). */
export function totpCode(secret: string, at = Date.now()): string {
  return totpOf(secret).generate({ timestamp: at });
}

/**
 * The time step of `code` when it is right for now (one step either side, for a clock that is a little
 * off), or undefined. The caller refuses a step at or before the last one accepted (no replay).
 */
export function totpStep(secret: string, code: string, at = Date.now()): number | undefined {
  const delta = totpOf(secret).validate({ token: code, timestamp: at, window: 1 });
  if (delta === null) return undefined;
  return Math.floor(at / 1000 / PERIOD_SECONDS) + delta;
}

/** Digits only, spaces and dashes dropped: "123 456" is a TOTP code; anything else may be a recovery code. */
export function normalizeCode(code: string): { kind: 'totp' | 'recovery'; value: string } {
  const value = code.toLowerCase().replace(/[\s-]/g, '');
  return { kind: /^\d{6}$/.test(value) ? 'totp' : 'recovery', value };
}

/** Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like "k7mxq-2hcpw" (50 bits each): shown once, only their hashes are kept. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** SHA-256 (hex) of a high-entropy code or token, normalised first for a recovery code. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function recoveryCodeHash(code: string): string {
  return sha256(normalizeCode(code).value);
}

/** Compares two hex hashes in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function newDeviceToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * AES-256-GCM under a key derived (HKDF) from a server key: a database dump alone does not give away
 * anyone's second factor. The key is TWO_STEP_KEY, by default JWT_SECRET (decisions 036, 045).
 */
function keyOf(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'podpot', 'two-step totp secret v1', 32));
}

/** The settings that name the keys of TOTP secrets. */
export interface TwoStepKeySettings {
  JWT_SECRET: string;
  TWO_STEP_KEY?: string | undefined;
  TWO_STEP_KEY_PREVIOUS?: readonly string[] | undefined;
}

/**
 * The keys a stored TOTP secret is tried with, in order (decision 045): first the current one, which
 * encrypts (TWO_STEP_KEY, else JWT_SECRET), then each of TWO_STEP_KEY_PREVIOUS, then JWT_SECRET when
 * TWO_STEP_KEY is set (what was stored before it existed). No key twice, none empty.
 */
export function twoStepKeys(settings: TwoStepKeySettings): string[] {
  const keys = [currentTwoStepKey(settings), ...(settings.TWO_STEP_KEY_PREVIOUS ?? []), settings.JWT_SECRET];
  return [...new Set(keys)].filter(Boolean);
}

/** The key new and re-keyed TOTP secrets are encrypted under: TWO_STEP_KEY, else JWT_SECRET. */
export function currentTwoStepKey(settings: TwoStepKeySettings): string {
  return settings.TWO_STEP_KEY || settings.JWT_SECRET;
}

export function encryptSecret(serverSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(
    '.',
  );
}

/** Decrypts under one key; throws when the key is not the one it was encrypted under (GCM's tag). */
export function decryptSecret(serverSecret: string, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('unknown two-step secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * A stored secret read with the first of `keys` that can (twoStepKeys' order): the secret and the
 * index of that key (above 0: an older key, so the caller stores it again under keys[0]); undefined
 * when none can.
 */
export function decryptWithKeys(
  keys: readonly string[],
  stored: string,
): { secret: string; keyIndex: number } | undefined {
  for (const [keyIndex, key] of keys.entries()) {
    try {
      return { secret: decryptSecret(key, stored), keyIndex };
    } catch {
      // Not this key (or not a secret we can read at all): try the next one.
    }
  }
  return undefined;
}
