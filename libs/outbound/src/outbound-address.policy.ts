import { BlockList, isIP, SocketAddress } from 'node:net';

/**
 * Ranges a request to a user-given address (a webhook, a client metadata
 * document) must never reach (SSRF), checked against the IANA IPv4 and IPv6
 * Special-Purpose Address Registries (RFC 6890); each range and why it is
 * refused or allowed is in `docs/security-model.md` ("Outbound requests").
 *
 * IPv4: "this" network, private, carrier-grade NAT, loopback, link-local
 * (cloud metadata at 169.254.169.254), IETF protocol assignments,
 * documentation, the deprecated 6to4 relay anycast, benchmarking, multicast,
 * reserved and broadcast.
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

/**
 * IPv6 is refused unless listed as public: only global unicast `2000::/3`
 * is the public internet, the only block IANA has allocated to the regional
 * registries. Everything outside it is unspecified, loopback, an IPv4
 * address in another form (IPv4-compatible `::/96`, IPv4-translated
 * `::ffff:0:0:0/96`, NAT64 `64:ff9b::/96` and `64:ff9b:1::/48`), discard
 * `100::/64`, the dummy prefix `100:0:0:1::/64`, segment-routing SIDs
 * `5f00::/16`, unique-local `fc00::/7`, link-local `fe80::/10`, the old
 * site-local `fec0::/10`, multicast `ff00::/8`, or reserved by the IETF: a
 * range registered tomorrow in that space is refused before anyone lists it.
 * (IPv4-mapped `::ffff:0:0/96` is judged by its IPv4 address.)
 */
const GLOBAL_UNICAST = new BlockList();
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');

/** Inside `2000::/3`, what is not a host on the public internet. */
for (const [network, prefix] of [
  // IETF protocol assignments (RFC 2928), as a whole: Teredo 2001::/32, benchmarking 2001:2::/48, ORCHID, the anycast
  // of PCP and TURN, AMT: none is where a webhook or a client's document lives.
  ['2001::', 23],
  // Documentation (RFC 3849, RFC 9637).
  ['2001:db8::', 32],
  ['3fff::', 20],
  // 6to4 (RFC 3056; relays deprecated by RFC 7526): a tunnel to the IPv4 address encoded inside, private ones too.
  ['2002::', 16],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Loopback only: `127.0.0.0/8` and `::1` (a BlockList matches IPv4-mapped addresses by their IPv4 address). */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether `address` (an IP literal) is on the public internet. Anything unparsable is not. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NON_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = mappedIpv4(address);
  if (mapped) return isPublicAddress(mapped);
  return GLOBAL_UNICAST.check(address, 'ipv6') && !NON_PUBLIC.check(address, 'ipv6');
}

/**
 * Whether `address` (an IP literal) is a loopback address: `127.0.0.0/8`,
 * `::1`, or an IPv4-mapped `::ffff:127.x.y.z`. What a development-only
 * exception may reach, and nothing else of the non-public ranges.
 */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return LOOPBACK.check(address, 'ipv4');
  return family === 6 && LOOPBACK.check(address, 'ipv6');
}

/** The IPv4 address of an IPv4-mapped IPv6 address (`::ffff:a00:1`, `0:0:0:0:0:ffff:10.0.0.1`, ...), in any spelling; else null. */
function mappedIpv4(address: string): string | null {
  let canonical: string;
  try {
    // The system's own formatting (inet_ntop): one spelling for every way of writing the address.
    canonical = new SocketAddress({ address, family: 'ipv6' }).address;
  } catch {
    return null;
  }
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(canonical)?.[1] ?? null;
}
