import proxyAddr from '@fastify/proxy-addr';
import { isIP } from 'node:net';

/** Which proxies in front of the service are believed about the client (X-Forwarded-*). */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** proxy-addr's names for address ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: `false`/`0` (default), the number of proxies in front (`1` for one nginx), or a
 * comma list of proxy addresses/CIDRs (`10.0.0.0/8,loopback`). `true` (believe every client's
 * X-Forwarded-For) is refused: it lets a client choose the address the login throttle sees.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | string {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true')
    return 'TRUST_PROXY=true would believe any client; give the number of proxies in front (e.g. 1) or their addresses/CIDRs';
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? { hops } : `TRUST_PROXY takes at most 10 proxies (got ${hops})`;
  }
  const addresses = value.split(',').map((a) => a.trim());
  const wrong = addresses.filter((a) => !RANGE_NAMES.has(a) && !isAddressOrCidr(a));
  if (wrong.length > 0)
    return `TRUST_PROXY must be false, a number of proxies or addresses/CIDRs (not ${wrong.map((w) => `"${w}"`).join(', ')})`;
  return { addresses };
}

function isAddressOrCidr(value: string): boolean {
  const [address, bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** Whether the proxy at `address`, `hop` steps from the service (0 = the peer), is trusted. */
export type TrustFunction = (address: string, hop: number) => boolean;

export function trustFunction(trust: TrustProxy): TrustFunction {
  if (trust === false) return () => false;
  if ('hops' in trust) return (_address, hop) => hop < trust.hops;
  return proxyAddr.compile(trust.addresses);
}
