import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { FEED_LEAK_NETWORKS_PER_DAY } from '@podpot/domain';
import type { AppContext } from '../../context.js';
import * as repo from './bonus.repository.js';

/**
 * Leak detection of a supporter feed URL (decision 090): each fetch notes its network — the /24 (IPv4)
 * or /48 (IPv6) prefix of the address Fastify sees (behind TRUST_PROXY: the client's), hashed with a
 * key derived from JWT_SECRET, never the address itself. FEED_LEAK_NETWORKS_PER_DAY distinct networks
 * on one UTC day flag the URL to the maker and the tipper (a rotation clears it).
 */

/** The /24 or /48 prefix of an address ('' when it is no address). */
export function networkPrefix(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const v4 = mapped ? mapped[1]! : ip;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(ip)) return '';
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array(Math.max(0, missing)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 3)
    .map((g) => g.padStart(4, '0'))
    .join(':')}::/48`;
}

const keys = new WeakMap<AppContext, Buffer>();

function networkOf(ctx: AppContext, ip: string): string {
  let key = keys.get(ctx);
  if (!key) {
    key = createHmac('sha256', ctx.config.JWT_SECRET).update('podpot:supporter-feed-network').digest();
    keys.set(ctx, key);
  }
  return createHmac('sha256', key).update(networkPrefix(ip)).digest('base64url');
}

/** Notes one fetch of a feed; flags it when the day's distinct networks reach the limit. */
export async function noteFeedFetch(ctx: AppContext, recurringTipId: string, ip: string, now = new Date()) {
  const day = now.toISOString().slice(0, 10);
  const networks = await repo.recordFetch(ctx.db, recurringTipId, day, networkOf(ctx, ip));
  if (networks >= FEED_LEAK_NETWORKS_PER_DAY) await repo.flagFeed(ctx.db, recurringTipId, now);
}
