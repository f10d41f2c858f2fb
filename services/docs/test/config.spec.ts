import { ConfigError } from '@sv/platform';
import { readConfig } from '../src/config.ts';

describe('readConfig', () => {
  it('defaults to the local addresses of the docs host and of both API servers', () => {
    expect(readConfig({})).toEqual({
      httpHost: '127.0.0.1',
      httpPort: 8084,
      healthPort: 9108,
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

  it('refuses a bad value, naming the variable', () => {
    expect(() => readConfig({ SV_DOCS_PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => readConfig({ SV_PUBLIC_BASE_URL: 'not a url' })).toThrow(/SV_PUBLIC_BASE_URL/);
  });
});
