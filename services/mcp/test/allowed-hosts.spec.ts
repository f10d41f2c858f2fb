import { allowedHostHeaders } from '../src/http/allowed-hosts.ts';

describe('allowedHostHeaders', () => {
  it('accepts a name bare and with the listening port; a name with a port as it is', () => {
    expect(allowedHostHeaders(['127.0.0.1', '[::1]', 'mcp.example.com:443'], 8082)).toEqual([
      '127.0.0.1',
      '127.0.0.1:8082',
      '[::1]',
      '[::1]:8082',
      'mcp.example.com:443',
    ]);
  });
});
