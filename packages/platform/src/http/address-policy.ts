import { isIP } from 'node:net';

/**
 * Which network addresses an outbound fetch may connect to. Pure: no DNS, no sockets. Loopback,
 * private, shared (CGNAT), link-local (cloud metadata lives there), unique-local, multicast,
 * unspecified, documentation and reserved ranges are refused, in IPv4, IPv6 and every IPv6 form
 * that embeds an IPv4 address (mapped, compatible, NAT64, 6to4).
 */

interface Range {
  base: bigint;
  prefix: number;
}

const IPV4_BITS = 32;
const IPV6_BITS = 128;

const ipv4ToBigInt = (address: string): bigint =>
  address.split('.').reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);

/** The 128-bit value of a valid IPv6 address (zone id dropped, a trailing dotted quad allowed). */
const ipv6ToBigInt = (address: string): bigint => {
  let text = address.split('%')[0] ?? '';
  const dottedQuad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dottedQuad) {
    const value = ipv4ToBigInt(dottedQuad);
    text = `${text.slice(0, -dottedQuad.length)}${(value >> 16n).toString(16)}:${(value & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return groups.reduce((value, group) => (value << 16n) | BigInt(parseInt(group, 16)), 0n);
};

const range = (cidr: string): Range => {
  const [address = '', prefix = ''] = cidr.split('/');
  return { base: isIP(address) === 4 ? ipv4ToBigInt(address) : ipv6ToBigInt(address), prefix: Number(prefix) };
};

const inRange = (value: bigint, bits: number, { base, prefix }: Range): boolean => {
  const shift = BigInt(bits - prefix);
  return value >> shift === base >> shift;
};

/** IPv4 special-purpose ranges (RFC 6890 and successors) that are not the public internet. */
const REFUSED_IPV4 = [
  '0.0.0.0/8', // "this network", including the unspecified address
  '10.0.0.0/8', // private
  '100.64.0.0/10', // shared address space (carrier-grade NAT)
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local, including cloud metadata endpoints
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation
  '192.88.99.0/24', // 6to4 relay anycast (deprecated)
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation
  '203.0.113.0/24', // documentation
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, including the broadcast address
].map(range);

const REFUSED_IPV6 = [
  '::/96', // unspecified, loopback and the deprecated IPv4-compatible form
  '100::/64', // discard-only
  '64:ff9b:1::/48', // local-use NAT64
  '2001::/23', // IETF protocol assignments (Teredo, ORCHID, benchmarking…)
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation
  'fc00::/7', // unique local
  'fe80::/10', // link-local
  'fec0::/10', // site-local (deprecated)
  'ff00::/8', // multicast
].map(range);

/** IPv6 prefixes whose addresses carry an IPv4 address that decides where the packet goes. */
const EMBEDDED_IPV4 = [
  { range: range('::ffff:0:0/96'), extract: (value: bigint) => value & 0xffffffffn }, // IPv4-mapped
  { range: range('64:ff9b::/96'), extract: (value: bigint) => value & 0xffffffffn }, // NAT64 well-known
  { range: range('2002::/16'), extract: (value: bigint) => (value >> 80n) & 0xffffffffn }, // 6to4
];

const isPublicIpv4 = (value: bigint): boolean => !REFUSED_IPV4.some((refused) => inRange(value, IPV4_BITS, refused));

/** True when `address` (an IPv4 or IPv6 literal) is a public internet address; false for anything else. */
export const isPublicAddress = (address: string): boolean => {
  const version = isIP(address.split('%')[0] ?? '');
  if (version === 4) return isPublicIpv4(ipv4ToBigInt(address));
  if (version !== 6) return false;
  const value = ipv6ToBigInt(address);
  const embedding = EMBEDDED_IPV4.find((candidate) => inRange(value, IPV6_BITS, candidate.range));
  if (embedding) return isPublicIpv4(embedding.extract(value));
  return !REFUSED_IPV6.some((refused) => inRange(value, IPV6_BITS, refused));
};

/** The IP literal a URL names as its host (IPv6 without brackets), or undefined for a host name. */
export const literalAddressOf = (url: URL): string | undefined => {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return isIP(host) ? host : undefined;
};
