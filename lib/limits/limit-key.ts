import ipaddr from 'ipaddr.js';

/**
 * The key every per-address limit counts under. An IPv4 address is itself (an IPv4-mapped IPv6
 * peer, `::ffff:192.0.2.1`, included); an IPv6 address stands for its /64, because one
 * subscriber (a home, a phone, a server) is usually handed a whole /64 and can pick any address
 * in it. Anything that is not an address is kept as it is.
 */
export function limitKey(address: string): string {
  return networkScopes(address)[0]!.key;
}

/**
 * The wider IPv6 networks an address is also counted in, and how many /64s' worth each may
 * take: a /56 (what many providers hand a home) twice a /64's budget, a /48 (a site's, or a
 * provider's block) four times. So minting /64s in one /48 buys at most four /64s' worth of
 * rows and requests, however many of its 65,536 /64s are used.
 */
export const WIDER_NETWORKS = [
  { prefix: 56, share: 2 },
  { prefix: 48, share: 4 },
] as const;

/** One network an address is counted in: its key, and its budget in /64s' worth (1 for the address's own). */
export type NetworkScope = { key: string; share: number };

function prefixKey(address: ipaddr.IPv6, bits: number): string {
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${bits}`) as ipaddr.IPv6;
  const groups = network.parts.slice(0, Math.ceil(bits / 16)).map((part) => part.toString(16));
  return `${groups.join(':')}::/${bits}`;
}

/**
 * Every network an address is counted in, narrowest first: an IPv4 address (or anything that
 * is not an address) alone; an IPv6 address at its /64, /56 and /48 (WIDER_NETWORKS).
 */
export function networkScopes(address: string): NetworkScope[] {
  if (!ipaddr.isValid(address)) return [{ key: address, share: 1 }];
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return [{ key: parsed.toString(), share: 1 }];
  const v6 = parsed as ipaddr.IPv6;
  return [
    { key: prefixKey(v6, 64), share: 1 },
    ...WIDER_NETWORKS.map(({ prefix, share }) => ({ key: prefixKey(v6, prefix), share })),
  ];
}
