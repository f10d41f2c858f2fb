import { BlockList, isIP } from 'node:net';

/**
 * Which network addresses an outbound fetch may connect to. Pure: no DNS, no sockets. Loopback,
 * private, shared (CGNAT), link-local (cloud metadata lives there), unique-local, multicast,
 * unspecified, documentation and reserved ranges are refused, in IPv4, IPv6 and every IPv6 form
 * that embeds an IPv4 address (mapped, translated, compatible, NAT64, 6to4).
 */

/** IPv4 special-purpose ranges (RFC 6890 and successors) that are not the public internet. */
const REFUSED_IPV4: readonly [network: string, prefix: number][] = [
  ['0.0.0.0', 8], // "this network", including the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, including cloud metadata endpoints
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, including the broadcast address
];

/** IPv6 ranges refused whatever follows the prefix. */
const REFUSED_IPV6: readonly [network: string, prefix: number][] = [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible form
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT): no public service is reached this way
  ['100::', 64], // discard-only
  ['64:ff9b:1::', 48], // local-use NAT64: its translator's reach is the operator's network
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, benchmarking…)
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

/** The 6to4 prefix (2002::/16) followed by the IPv4 address, as IPv6 groups. */
const sixToFour = (ipv4: string): string => {
  const [a = 0, b = 0, c = 0, d = 0] = ipv4.split('.').map(Number);
  return `2002:${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}::`;
};

/**
 * IPv6 forms whose embedded IPv4 address decides where the packet goes: each refused IPv4 range
 * is refused again at its place inside them. IPv4-mapped is listed although BlockList also
 * matches it against the IPv4 rules, so the policy does not rest on that alone.
 */
const EMBEDDINGS: readonly ((network: string, prefix: number) => [network: string, prefix: number])[] = [
  (network, prefix) => [`::ffff:${network}`, 96 + prefix], // IPv4-mapped
  (network, prefix) => [`64:ff9b::${network}`, 96 + prefix], // NAT64, well-known prefix
  (network, prefix) => [sixToFour(network), 16 + prefix], // 6to4
];

const REFUSED = new BlockList();
for (const [network, prefix] of REFUSED_IPV4) {
  REFUSED.addSubnet(network, prefix, 'ipv4');
  for (const embed of EMBEDDINGS) REFUSED.addSubnet(...embed(network, prefix), 'ipv6');
}
for (const [network, prefix] of REFUSED_IPV6) REFUSED.addSubnet(network, prefix, 'ipv6');

/** True when `address` (an IPv4 or IPv6 literal) is a public internet address; false for anything else. */
export const isPublicAddress = (address: string): boolean => {
  // A zone id only names the local interface; BlockList would not parse it.
  const bare = address.split('%')[0] ?? '';
  const version = isIP(bare);
  // BlockList answers "not listed" for text it cannot parse, so only real literals reach it.
  if (version === 0) return false;
  return !REFUSED.check(bare, version === 4 ? 'ipv4' : 'ipv6');
};

/** The IP literal a URL names as its host (IPv6 without brackets), or undefined for a host name. */
export const literalAddressOf = (url: URL): string | undefined => {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return isIP(host) ? host : undefined;
};
