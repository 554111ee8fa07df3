import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isLoopbackAddress, isPublicAddress } from './outbound-address.policy';
import { OUTBOUND_MESSAGES } from './outbound.messages';
import type { OutboundReach } from './outbound-request.options';

/** Marks the errors of the guard, so a refusal is told apart from a network failure. */
export class OutboundRefusal extends Error {
  override readonly name = 'OutboundRefusal';
}

/** Whether `reach` lets a connection go to `address` (an IP literal). */
export function isReachable(address: string, reach: OutboundReach): boolean {
  if (reach === 'any') return true;
  return isPublicAddress(address) || (reach === 'public-and-loopback' && isLoopbackAddress(address));
}

/**
 * `dns.lookup`, refusing a name when any of its answers is out of `reach`:
 * it runs when the connection is made, so a DNS answer that changed since
 * the URL was checked (rebinding) still cannot reach a private network.
 */
export function guardedLookup(reach: OutboundReach): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((entry) => !isReachable(entry.address, reach));
      if (refused || addresses.length === 0) return callback(new OutboundRefusal(OUTBOUND_MESSAGES.nameRefused(hostname)), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
