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
    ['64:ff9b::8.8.8.8'], // NAT64 of a public address, dotted
    ['2606:4700:4700::1111%eth0'], // a zone id does not change the address
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
    ['::ffff:0:7f00:1', 'IPv4-translated loopback'],
    ['::ffff:0:127.0.0.1', 'IPv4-translated loopback, dotted'],
    ['::ffff:0:a9fe:a9fe', 'IPv4-translated metadata address'],
    ['::ffff:0:808:808', 'IPv4-translated, even of a public address'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata address in hex'],
    ['::FFFF:7F00:1', 'IPv4-mapped loopback in upper case'],
    ['64:ff9b::127.0.0.1', 'NAT64 of loopback, dotted'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
    ['64:ff9b::c0a8:1', 'NAT64 of a private address'],
    ['64:ff9b:1::808:808', 'local-use NAT64, even of a public address'],
    ['2002:a9fe:a9fe::', '6to4 of the metadata address'],
    ['2002:a00:1::1', '6to4 of a private address'],
    ['2002:6440:1::', '6to4 of the shared address space'],
    ['fe80::a9fe:a9fe', 'link-local carrying a metadata-looking suffix'],
    ['fe80:0:0:0:0:0:0:1', 'link-local, written out'],
    ['FE80::1', 'link-local in upper case'],
    ['fe80::1%25eth0', 'link-local with an escaped zone'],
    ['::ffff:169.254.169.254%eth0', 'IPv4-mapped metadata address with a zone'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([['localhost'], ['example.com'], [''], ['300.1.1.1'], ['1.2.3'], ['::g'], ['%eth0']])('refuses %j, which is not an IP address', (text) => {
    expect(isPublicAddress(text)).toBe(false);
  });

  // Resolvers and sockets read these as 127.0.0.1 or 169.254.169.254; the policy must not read them as names.
  it.each([['2130706433'], ['0x7f000001'], ['0x7f.0.0.1'], ['017700000001'], ['0177.0.0.1'], ['127.1'], ['0xa9.0xfe.0xa9.0xfe'], ['0251.0376.0251.0376'], ['2852039166']])(
    'refuses the shorthand IPv4 spelling %j rather than treat it as public',
    (text) => {
      expect(isPublicAddress(text)).toBe(false);
    },
  );
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

  it.each([
    ['http://2130706433/', 'decimal loopback'],
    ['http://0x7f.1/', 'hex loopback, short'],
    ['http://0x7f000001/', 'hex loopback'],
    ['http://017700000001/', 'octal loopback'],
    ['http://0177.0.0.1/', 'octal loopback, dotted'],
    ['http://2852039166/', 'decimal metadata address'],
    ['http://0xa9.0xfe.0xa9.0xfe/', 'hex metadata address'],
    ['http://0251.0376.0251.0376/', 'octal metadata address'],
    ['http://[::ffff:127.0.0.1]/', 'IPv4-mapped loopback'],
    ['http://[::ffff:0:127.0.0.1]/', 'IPv4-translated loopback'],
    ['http://[64:ff9b::169.254.169.254]/', 'NAT64 metadata address'],
    ['http://[64:ff9b:1::a00:1]/', 'local-use NAT64'],
    ['http://[2002:7f00:1::]/', '6to4 loopback'],
    ['http://[fe80::1]/', 'link-local'],
    ['http://[0:0:0:0:0:0:0:1]/', 'IPv6 loopback, written out'],
  ])('the URL %s (%s) names a literal that is refused', (url) => {
    const literal = literalAddressOf(new URL(url));
    expect(literal).toBeDefined();
    expect(isPublicAddress(literal!)).toBe(false);
  });

  it('a URL naming a public address literally is allowed', () => {
    expect(isPublicAddress(literalAddressOf(new URL('http://8.8.8.8/')) ?? '')).toBe(true);
    expect(isPublicAddress(literalAddressOf(new URL('http://134744072/')) ?? '')).toBe(true); // 8.8.8.8 in decimal
    expect(isPublicAddress(literalAddressOf(new URL('http://[2606:4700:4700::1111]/')) ?? '')).toBe(true);
  });
});
