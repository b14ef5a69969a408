import dns from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** A webhook URL whose host is, or resolves to, an address webhooks may not reach. */
export class RefusedAddressError extends Error {
  override name = 'RefusedAddressError';
}

/**
 * True for a public unicast address. Loopback, private, link-local, multicast, unspecified,
 * broadcast, carrier-grade NAT, unique-local, site-local and reserved ranges are not, nor is
 * any IPv6 address that embeds an IPv4 one: IPv4-compatible (`::/96`, e.g. `::7f00:1`, which
 * is `::127.0.0.1`), NAT64 (`64:ff9b::/96` and the local-use `64:ff9b:1::/48`), 6to4
 * (`2002::/16`), Teredo (`2001::/32`) and IPv4-translated (`::ffff:0:0:0/96`). The one
 * exception is an IPv4-mapped address (`::ffff:0:0/96`), which is its IPv4 address (a socket
 * connecting to it reaches that address): it is public when the IPv4 address is.
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  // ipaddr.js reads `::127.0.0.1` (IPv4-compatible) as `::ffff:127.0.0.1` (mapped): dotted
  // tails are read by the URL parser instead, which spells that address `::7f00:1`.
  const text = ip.includes(':') && ip.includes('.') ? canonicalIpv6(ip) : ip;
  if (text === null) return false;
  const addr = ipaddr.parse(text);
  if (addr.kind() === 'ipv4') return addr.range() === 'unicast';
  const v6 = addr as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast';
  // ::/96: IPv4-compatible (deprecated; `::` and `::1` are in it too).
  if (v6.parts.slice(0, 6).every((p) => p === 0)) return false;
  // NAT64 (both prefixes), 6to4, Teredo, IPv4-translated and every other special range are
  // named ranges other than `unicast`.
  return v6.range() === 'unicast';
}

/** An IPv6 address with a dotted IPv4 tail in hex groups only (null when not an address). */
function canonicalIpv6(ip: string): string | null {
  try {
    return new URL(`http://[${ip}]/`).hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return null;
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/**
 * The addresses a webhook URL's host stands for, all checked. Spellings such as `0x7f000001`,
 * `127.1` or `017700000001` are already `127.0.0.1` once parsed by `URL`; `[::1]` loses its
 * brackets here; names (`localhost` too) are resolved. Every address must be public unless
 * `allowPrivate`: one private address among public ones refuses the whole host.
 */
export async function resolveWebhookHost(
  url: URL,
  allowPrivate: boolean,
): Promise<ResolvedAddress[]> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await dns.lookup(host, { all: true, verbatim: true });
    } catch {
      throw new RefusedAddressError(`${host} cannot be resolved`);
    }
    if (addresses.length === 0) throw new RefusedAddressError(`${host} cannot be resolved`);
  }
  if (!allowPrivate) {
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused)
      throw new RefusedAddressError(
        `${host} ${refused.address === host ? 'is' : `resolves to ${refused.address},`} a private, loopback or reserved address`,
      );
  }
  return addresses;
}
