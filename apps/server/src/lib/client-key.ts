import ipaddr from 'ipaddr.js';

/** What a request without a readable address (the client hung up) is counted as. */
export const UNKNOWN_CLIENT = 'unknown';

/**
 * The key every per-address budget and count uses for a client address: an IPv4 address as
 * written (an IPv4-mapped IPv6 address such as `::ffff:192.0.2.1` as its IPv4 address), an
 * IPv6 address as its /64 network (`2001:db8:1:2::/64`), since every customer line gets at
 * least a /64 and can pick any address in it. Text that is no address is kept as it is (it
 * still names one client), an empty or missing one is `unknown`.
 */
export function clientKey(ip: string | undefined): string {
  if (!ip) return UNKNOWN_CLIENT;
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // `process` turns an IPv4-mapped IPv6 address into the IPv4 address it carries.
    addr = ipaddr.process(ip);
  } catch {
    return ip;
  }
  if (addr.kind() === 'ipv4') return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}
