import { isPublicAddress, literalAddressOf } from '../src/http/address-policy.ts';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['93.184.216.34'],
    ['100.63.255.255'], // just below the shared (CGNAT) range
    ['100.128.0.0'], // just above it
    ['172.15.255.255'], // just below 172.16/12
    ['172.32.0.0'], // just above it
    ['192.169.0.1'],
    ['223.255.255.255'], // last unicast before multicast
    ['2606:4700:4700::1111'],
    ['2a00:1450:4001:82b::200e'],
    ['::ffff:8.8.8.8'], // IPv4-mapped public
    ['::ffff:808:808'], // the same, in hex
    ['64:ff9b::808:808'], // NAT64 of a public address
    ['2002:808:808::1'], // 6to4 of a public address
  ])('allows the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.1', 'shared address space'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.10', 'documentation'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'IPv6 unspecified'],
    ['::1', 'IPv6 loopback'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback in hex'],
    ['::ffff:10.1.2.3', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata address'],
    ['0:0:0:0:0:ffff:c0a8:0101', 'IPv4-mapped private, written out'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['64:ff9b::a00:1', 'NAT64 of a private address'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['2002:c0a8:101::1', '6to4 of a private address'],
    ['fc00::1', 'unique local'],
    ['fd12:3456:789a::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['febf::1', 'link-local, top of the range'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['ff05::1:3', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'Teredo'],
    ['100::1', 'discard-only'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([['localhost'], ['example.com'], [''], ['300.1.1.1'], ['1.2.3'], ['::g']])('refuses %j, which is not an IP address', (text) => {
    expect(isPublicAddress(text)).toBe(false);
  });
});

describe('literalAddressOf', () => {
  it('finds IPv4 and IPv6 literals in URLs, whatever way the IPv4 address is written', () => {
    expect(literalAddressOf(new URL('http://127.0.0.1:8080/a.jpg'))).toBe('127.0.0.1');
    expect(literalAddressOf(new URL('http://[::1]/a.jpg'))).toBe('::1');
    expect(literalAddressOf(new URL('http://[::ffff:127.0.0.1]/'))).toBe('::ffff:7f00:1');
    // The URL parser normalises decimal, hex and short forms, so they cannot slip past as names.
    expect(literalAddressOf(new URL('http://2130706433/'))).toBe('127.0.0.1');
    expect(literalAddressOf(new URL('http://0x7f.1/'))).toBe('127.0.0.1');
    expect(literalAddressOf(new URL('http://017700000001/'))).toBe('127.0.0.1');
  });

  it('returns undefined for a host name, which the guarded lookup checks instead', () => {
    expect(literalAddressOf(new URL('https://images.example.com/cover.jpg'))).toBeUndefined();
    expect(literalAddressOf(new URL('http://localhost:8083/x'))).toBeUndefined();
  });

  it('every literal form of loopback is refused', () => {
    for (const url of ['http://2130706433/', 'http://0x7f.1/', 'http://[::ffff:127.0.0.1]/', 'http://[0:0:0:0:0:0:0:1]/']) {
      expect(isPublicAddress(literalAddressOf(new URL(url)) ?? '')).toBe(false);
    }
  });
});
