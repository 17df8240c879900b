/** Small values every simulated object is made of: the clock, uids, metadata, status entries. */
import { randomUUID } from 'node:crypto';

export const now = () => Math.floor(Date.now() / 1000);
/**
 * A provider uid: 16 random hex digits, the random ones of a v4 UUID (its version and variant digits
 * left out): randomUUID draws from a pool, where randomBytes read the OS for every uid.
 */
export const newUid = (prefix: string) => {
  const u = randomUUID();
  return `${prefix}_${u.slice(0, 8)}${u.slice(9, 13)}${u.slice(24, 28)}`;
};
export const toMetadata = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value as Record<string, unknown>).map(([key, v]) => ({ key, value: String(v ?? '') }))
    : [];

export function statusEntry(status: string, ts: number) {
  return { uid: newUid('sta'), object: 'status', created: ts, updated: ts, status };
}
