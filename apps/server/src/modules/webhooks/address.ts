import dns from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** A webhook URL whose host is, or resolves to, an address webhooks may not reach. */
export class RefusedAddressError extends Error {
  override name = 'RefusedAddressError';
}

/**
 * True for a public unicast address. Loopback, private, link-local, multicast, unspecified,
 * broadcast, carrier-grade NAT, unique-local and reserved ranges are not, nor are IPv6
 * addresses that embed an IPv4 one (mapped, NAT64, 6to4, Teredo) unless the embedded address
 * itself is public (mapped only).
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let addr: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress())
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  return addr.range() === 'unicast';
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
