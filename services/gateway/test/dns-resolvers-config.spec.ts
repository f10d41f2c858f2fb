import { readDnsConfig } from '../src/config.ts';

/** SV_DNS_RESOLVERS: where white-label domain proofs are looked up. */
const resolversOf = (value?: string) => readDnsConfig(value === undefined ? {} : { SV_DNS_RESOLVERS: value }).resolvers;

describe('SV_DNS_RESOLVERS', () => {
  it("is the system's resolvers (an empty list) when unset or empty", () => {
    expect(resolversOf()).toEqual([]);
    expect(resolversOf(' ')).toEqual([]);
  });

  it('reads comma-separated addresses with an optional port, IPv6 bracketed when it has one', () => {
    expect(resolversOf(' 127.0.0.1:5353, 10.0.0.2 ,[::1]:53,::1')).toEqual(['127.0.0.1:5353', '10.0.0.2', '[::1]:53', '::1']);
  });

  it.each([
    ['dns.example:53', 'a host name: resolvers are addresses'],
    ['127.0.0.1:0', 'port 0'],
    ['127.0.0.1:65536', 'a port out of range'],
    ['127.0.0.1:53:53', 'two ports'],
    ['[127.0.0.1]:53', 'brackets around IPv4'],
    ['::1:53x', 'not an address'],
  ])('refuses %j (%s)', (value) => {
    expect(() => resolversOf(`127.0.0.1,${value}`)).toThrow(/SV_DNS_RESOLVERS/);
  });
});
