import dns from 'node:dns/promises';
import { ErrorCode, type ValidationKey } from '@podpot/domain';
import { AppError } from '../../lib/app-error.js';
import { ipLiteralOf, isAllowedAddress } from '../feeds/feeds.addresses.js';

/*
 * Whether a maker's webhook address may be saved (decision 095): https in production (http elsewhere,
 * for tests and local receivers), and a host that is, or resolves only to, public addresses — the same
 * rule as feeds (feeds.addresses.ts), loopback allowed only where FEED_ALLOW_LOOPBACK is (never in
 * production). Checked again at every send, on the connected socket.
 */
export async function assertWebhookUrl(url: string, options: { production: boolean; allowLoopback: boolean }) {
  const parsed = new URL(url);
  if (options.production && parsed.protocol !== 'https:') throw refused('webhookHttpsOnly');
  const host = parsed.hostname;
  const literal = ipLiteralOf(host);
  if (literal) {
    if (!isAllowedAddress(literal, options.allowLoopback)) throw refused('webhookPrivateAddress');
    return;
  }
  let addresses: { address: string }[];
  try {
    addresses = await dns.lookup(host, { all: true, verbatim: true });
  } catch {
    throw refused('webhookUnknownHost');
  }
  if (addresses.length === 0 || addresses.some((a) => !isAllowedAddress(a.address, options.allowLoopback))) {
    throw refused('webhookPrivateAddress');
  }
}

function refused(key: ValidationKey) {
  return AppError.field(ErrorCode.Validation, 'data.url', { key }, 'This webhook address cannot be used');
}
