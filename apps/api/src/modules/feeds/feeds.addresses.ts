import dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/*
 * Which network addresses a feed (or its artwork) may be fetched from: public unicast only. Anything a
 * maker types is a URL our server will request, so a private, loopback, link-local, CGNAT, multicast or
 * IPv6 unique-local address would let a stranger make us probe our own network (SSRF). The check runs
 * on the address a name RESOLVES to, inside the socket's own lookup: the connection goes to exactly the
 * address that was checked, so a DNS answer that changes between check and connect (rebinding) cannot
 * slip a private address in.
 */

/** Thrown by the lookup (and the literal check) for a refused address; the fetcher maps it to refused_address. */
export class RefusedAddressError extends Error {
  readonly code = 'EREFUSEDADDRESS';
  constructor(readonly address: string) {
    super(`Refused to connect to a non-public address (${address})`);
  }
}

/**
 * The IPv4-compatible IPv6 block, `::a.b.c.d` (also written `::7f00:1`): an IPv4 address in the low
 * 32 bits of an otherwise zero IPv6 address. Deprecated, never assigned, and ipaddr.js calls it
 * unicast; a stack that still maps it to IPv4 would reach 127.0.0.1 or 10.0.0.1 through it.
 */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * Whether we may connect to `address`. IPv4-mapped IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4
 * address it carries; IPv4-compatible (`::10.0.0.1`), NAT64, 6to4 and Teredo forms (which embed an
 * IPv4 address) are refused outright. `allowLoopback` (FEED_ALLOW_LOOPBACK: tests and the demo feed,
 * never production) lets 127.0.0.0/8 and ::1 through.
 */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  const text = canonicalOf(address);
  if (!text || !ipaddr.isValid(text)) return false;
  const raw = ipaddr.parse(text);
  if (raw.kind() === 'ipv6' && raw.range() !== 'loopback' && raw.match(IPV4_COMPATIBLE)) return false;
  const range = ipaddr.process(text).range();
  if (range === 'loopback') return allowLoopback;
  return range === 'unicast';
}

/**
 * An IPv6 address as the WHATWG URL parser writes it (`::127.0.0.1` → `::7f00:1`), else the address
 * itself; null when it cannot be read. ipaddr.js takes any IPv6 ending in a dotted quad for
 * IPv4-mapped, so the dotted form of `::/96` would be judged as the IPv4 address it carries.
 */
function canonicalOf(address: string): string | null {
  if (isIP(address) !== 6) return address;
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

/** The host of a URL as an IP literal (brackets of IPv6 removed), or null when it is a name. */
export function ipLiteralOf(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  // WHATWG URL parsing already wrote odd IPv4 forms (0x7f.1, 2130706433) as dotted quads.
  return isIP(bare) ? bare : null;
}

/**
 * A `lookup` for http(s).request that resolves the name and refuses the connection if ANY of its
 * addresses is not allowed (a name with one private address among public ones is not a public feed).
 */
export function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const refused = addresses.find((a) => !isAllowedAddress(a.address, allowLoopback));
      if (refused || addresses.length === 0) {
        return callback(new RefusedAddressError(refused?.address ?? hostname) as NodeJS.ErrnoException, '', 4);
      }
      // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily), else for one.
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      const [first] = addresses;
      callback(null, first!.address, first!.family);
    });
  };
}
