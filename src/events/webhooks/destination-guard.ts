import ipaddr from 'ipaddr.js';
import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';

/** IPv6 global unicast (2000::/3): anything else, IPv4-compatible forms such as ::7f00:1 too, is refused. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** Only addresses of the public internet; everything else needs WEBHOOK_ALLOW_PRIVATE. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.kind() === 'ipv6' && !(parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6)) return false;
  return parsed.range() === 'unicast';
}

export class DestinationRefused extends Error {}

/** The host of a URL as a bare IP literal, or null for a name. */
function literalAddress(url: URL): string | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return ipaddr.isValid(host) ? host : null;
}

/**
 * Checks a webhook URL before it is used: an IP literal at once; a name through the connection's
 * `lookup`, so that a name that resolves to a private address is refused at connect time (also
 * when it changes its answer between registration and delivery).
 */
export function guardedLookup(url: URL, allowPrivate: boolean): LookupFunction | undefined {
  if (allowPrivate) return undefined;
  const literal = literalAddress(url);
  if (literal !== null) {
    if (!isPublicAddress(literal))
      throw new DestinationRefused(`${literal} is a loopback, link-local or private address`);
    return undefined;
  }
  return ((hostname: string, options: object, callback: (...args: unknown[]) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err);
      const refused = addresses.find((a) => !isPublicAddress(a.address));
      if (refused)
        return callback(
          new DestinationRefused(`${hostname} resolves to a loopback, link-local or private address`),
        );
      const all = (options as { all?: boolean }).all === true;
      if (all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  }) as unknown as LookupFunction;
}
