import { BlockList, isIP } from 'node:net';

/**
 * Ranges a request to a user-given address (a webhook, a client metadata
 * document) must never reach (SSRF): "this" network, private,
 * carrier-grade NAT, loopback, link-local (cloud metadata at 169.254.169.254),
 * documentation, benchmarking, multicast and reserved; in IPv6 the same kinds
 * plus unique-local, and the prefixes that reach IPv4 through a translator or
 * tunnel (NAT64, 6to4, Teredo). IPv4-mapped addresses are judged by their IPv4 address.
 */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  // IPv4-compatible (RFC 4291 §2.5.5.1, deprecated): no longer routed, and it would hide an IPv4 address, `::10.0.0.1`.
  ['::', 96],
  // NAT64, the whole well-known prefix (RFC 6052) and local use (RFC 8215): where it leads is the translator's choice,
  // not the embedded address's alone; a public IPv4 address can be written as itself.
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  // Teredo (RFC 4380) and 6to4 (RFC 3056; relays deprecated by RFC 7526): tunnels to an IPv4 address encoded inside.
  ['2001::', 32],
  ['2002::', 16],
  // Benchmarking (RFC 5180) and the second documentation prefix (RFC 9637), with 2001:db8::/32 and discard-only 100::/64 above.
  ['2001:2::', 48],
  ['3fff::', 20],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Loopback only: `127.0.0.0/8` and `::1`. */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether `address` (an IP literal) is on the public internet. Anything unparsable is not. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NON_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  if (NON_PUBLIC.check(address, 'ipv6')) return false;
  const embedded = embeddedIpv4(address.toLowerCase());
  return embedded ? isPublicAddress(embedded) : true;
}

/**
 * Whether `address` (an IP literal) is a loopback address: `127.0.0.0/8`,
 * `::1`, or an IPv4-mapped `::ffff:127.x.y.z`. What a development-only
 * exception may reach, and nothing else of the non-public ranges.
 */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return LOOPBACK.check(address, 'ipv4');
  if (family !== 6) return false;
  if (LOOPBACK.check(address, 'ipv6')) return true;
  const embedded = embeddedIpv4(address.toLowerCase());
  return embedded ? isLoopbackAddress(embedded) : false;
}

/** `::ffff:10.0.0.1` and `::ffff:a00:1` hide an IPv4 address. */
function embeddedIpv4(address: string): string | null {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(address);
  if (!hex) return null;
  const [high, low] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}
