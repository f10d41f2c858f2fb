import { ConfigError } from '@sv/platform';
import { readConfig } from '../src/config.ts';

describe('readConfig', () => {
  it('defaults to the local addresses of the design', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      httpHost: '127.0.0.1',
      port: 8082,
      healthPort: 9109,
      gatewayUrls: { production: 'http://127.0.0.1:8080/v1', sandbox: 'http://127.0.0.1:8081/api/v1' },
      allowedHosts: ['127.0.0.1', 'localhost', '[::1]'],
      allowPrivateUrls: false,
    });
  });

  it('drops a trailing slash of a gateway address, so route paths append cleanly', () => {
    expect(readConfig({ SV_GATEWAY_URL: 'https://api.example.com/v1/' }).gatewayUrls.production).toBe('https://api.example.com/v1');
  });

  it('switches the Host check off only when told to with an empty list', () => {
    expect(readConfig({ SV_MCP_ALLOWED_HOSTS: '' }).allowedHosts).toEqual([]);
    expect(readConfig({ SV_MCP_ALLOWED_HOSTS: 'mcp.example.com, localhost:9000' }).allowedHosts).toEqual(['mcp.example.com', 'localhost:9000']);
  });

  it('allows fetching private addresses in local development only', () => {
    expect(() => readConfig({ SV_ALLOW_PRIVATE_URLS: '1' })).toThrow(ConfigError);
    expect(readConfig({ SV_ALLOW_PRIVATE_URLS: '1', SV_LOCAL_DEVELOPMENT: '1' }).allowPrivateUrls).toBe(true);
  });

  it('refuses a gateway address that is not http(s)', () => {
    expect(() => readConfig({ SV_SANDBOX_GATEWAY_URL: 'ftp://example.com' })).toThrow(/SV_SANDBOX_GATEWAY_URL/);
  });
});
