import { isIP } from 'node:net';

/**
 * What Express's `trust proxy` receives: `false` (the socket's address is
 * the client's), a number of hops, or the addresses, CIDRs and named ranges
 * of the proxies whose `X-Forwarded-For` entries are believed.
 */
export type TrustProxySetting = false | number | string[];

/** The names Express (proxy-addr) knows for address ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** More hops than any real chain of proxies; a larger count is a typo. */
const MAX_HOPS = 32;

/**
 * Parses `TRUST_PROXY`: unset or `false` (the default), a hop count (`1`: one
 * proxy in front, its address and the entry it appended are trusted), or a
 * comma-separated list of IPv4/IPv6 addresses, CIDRs (`10.0.0.0/8`) and the
 * names `loopback`, `linklocal`, `uniquelocal`. `true` is refused: it would
 * take the left-most `X-Forwarded-For` entry, which the client writes itself.
 * A problem naming the setting is added for anything invalid, and `false`
 * returned.
 */
export function parseTrustProxy(value: string | undefined, problems: string[]): TrustProxySetting {
  if (value === undefined || /^(false|0|no|off)$/i.test(value)) return false;
  if (/^(true|yes|on)$/i.test(value)) {
    problems.push('TRUST_PROXY=true would believe any X-Forwarded-For a client sends: give the number of proxies in front (e.g. 1) or their addresses');
    return false;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= MAX_HOPS) return hops;
    problems.push(`TRUST_PROXY must be a hop count from 0 to ${MAX_HOPS}, or a list of addresses (got "${value}")`);
    return false;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isTrustedProxyEntry(entry));
  if (invalid.length > 0) {
    problems.push(
      `TRUST_PROXY: ${invalid.map((entry) => `"${entry}"`).join(', ')} is not an IP address, a CIDR, loopback, linklocal or uniquelocal (got "${value}")`,
    );
    return false;
  }
  return entries.map((entry) => entry.toLowerCase());
}

/** An address, an address/prefix of its family's length, or a named range. */
function isTrustedProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry.toLowerCase())) return true;
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}
