import ipaddr from 'ipaddr.js';

/**
 * The address group login failures and requests without a valid token are counted under: an IPv4 address (also written IPv4-mapped,
 * `::ffff:a.b.c.d`) as it is, an IPv6 address by its /64, because one subscriber or server
 * usually holds a whole /64 and could otherwise take a fresh address for every guess. Text that
 * is no address (a unix socket, an injected test value) counts as itself.
 */
export function clientAddressGroup(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const [a, b, c, d] = (address as ipaddr.IPv6).parts;
  return `${[a, b, c, d].map((part) => part.toString(16)).join(':')}::/64`;
}
