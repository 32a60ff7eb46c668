import ipaddr from 'ipaddr.js';

/**
 * The key every per-address limit counts under. An IPv4 address is itself (an IPv4-mapped IPv6
 * peer, `::ffff:192.0.2.1`, included); an IPv6 address stands for its /64, because one
 * subscriber (a home, a phone, a server) is usually handed a whole /64 and can pick any address
 * in it. Anything that is not an address is kept as it is.
 */
export function limitKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}
