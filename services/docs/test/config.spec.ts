import { ConfigError } from '@sv/platform';
import { readConfig } from '../src/config.ts';

const SERVERS = { SV_PUBLIC_BASE_URL: 'https://api.example.com/v1', SV_SANDBOX_BASE_URL: 'https://sandbox.example.com/api/v1' };

describe('readConfig', () => {
  it('defaults in local development to the local addresses of the docs host and of both API servers', () => {
    expect(readConfig({ SV_LOCAL_DEVELOPMENT: '1' })).toEqual({
      httpHost: '127.0.0.1',
      httpPort: 8084,
      healthPort: 9108,
      probeHost: '127.0.0.1',
      logLevel: 'info',
      logPretty: false,
      publicBaseUrl: 'http://127.0.0.1:8080/v1',
      sandboxBaseUrl: 'http://127.0.0.1:8081/api/v1',
    });
  });

  it('takes the servers from the environment, without a trailing slash', () => {
    const config = readConfig({ SV_PUBLIC_BASE_URL: 'https://api.example.com/v1/', SV_SANDBOX_BASE_URL: 'https://sandbox.example.com/api/v1', SV_DOCS_PORT: '0' });
    expect(config).toMatchObject({ publicBaseUrl: 'https://api.example.com/v1', sandboxBaseUrl: 'https://sandbox.example.com/api/v1', httpPort: 0 });
  });

  it('refuses to start a deployment without its production API root, naming the variable', () => {
    const read = () => readConfig({ SV_ENV: 'production', SV_SANDBOX_BASE_URL: SERVERS.SV_SANDBOX_BASE_URL });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(/SV_PUBLIC_BASE_URL: is required outside local development/);
    expect(read).not.toThrow(/SV_SANDBOX_BASE_URL/);
  });

  it('refuses to start a deployment without its sandbox API root, naming the variable', () => {
    expect(() => readConfig({ SV_PUBLIC_BASE_URL: SERVERS.SV_PUBLIC_BASE_URL })).toThrow(/SV_SANDBOX_BASE_URL: is required outside local development/);
  });

  it('starts a deployment that names both API roots', () => {
    expect(readConfig(SERVERS)).toMatchObject({ publicBaseUrl: SERVERS.SV_PUBLIC_BASE_URL, sandboxBaseUrl: SERVERS.SV_SANDBOX_BASE_URL });
  });

  it('refuses a bad value, naming the variable', () => {
    expect(() => readConfig({ ...SERVERS, SV_DOCS_PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => readConfig({ ...SERVERS, SV_PUBLIC_BASE_URL: 'not a url' })).toThrow(/SV_PUBLIC_BASE_URL/);
  });
});
