import net from 'node:net';
import type { TrustProxy } from '../config';

/** proxy-addr's (and so Fastify's) names for address ranges, usable in TRUST_PROXY. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

const familyOf = (address: string) => (net.isIPv6(address) ? 'ipv6' : 'ipv4');

/**
 * Whether a peer (the address a TCP connection comes from) is a proxy TRUST_PROXY trusts: with `true` or a hop
 * count every peer is, with a list those in it. Such a peer carries many clients, so per-address caps spare it.
 */
export function isTrustedProxyOf(trustProxy: TrustProxy): (peer: string) => boolean {
  if (trustProxy === false || trustProxy === 0) return () => false;
  if (typeof trustProxy !== 'object') return () => true;
  const trusted = new net.BlockList();
  for (const entry of trustProxy.flatMap((given) => NAMED_RANGES[given] ?? [given])) {
    const [address, prefix] = entry.split('/');
    if (!net.isIP(address)) throw new Error(`TRUST_PROXY: ${entry} is neither an address, a CIDR nor one of ${Object.keys(NAMED_RANGES).join(', ')}`);
    if (prefix === undefined) trusted.addAddress(address, familyOf(address));
    else trusted.addSubnet(address, Number(prefix), familyOf(address));
  }
  return (peer) => net.isIP(peer) !== 0 && trusted.check(peer, familyOf(peer));
}

/** TRUST_PROXY as Fastify's `trustProxy` option takes it (a hop count as the function Fastify itself makes of one). */
export function fastifyTrustProxy(trustProxy: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trustProxy === 'number' ? (_address, hop) => hop < trustProxy : trustProxy;
}
