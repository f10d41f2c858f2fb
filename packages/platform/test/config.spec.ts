import { z } from 'zod';
import { ConfigError, baseEnvShape, parseEnv, toBaseConfig } from '../src/index.ts';

const parse = (raw: Record<string, string | undefined>) => parseEnv(baseEnvShape, raw, toBaseConfig);

const configError = (raw: Record<string, string | undefined>): ConfigError => {
  try {
    parse(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
};

describe('parseEnv with the base shape', () => {
  it('defaults to production on the local database and NATS, prefix sv.production', () => {
    expect(parse({})).toEqual({
      env: 'production',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/sv',
      natsUrl: 'nats://127.0.0.1:4222',
      subjectPrefix: 'sv.production',
      streamReplicas: 1,
      logLevel: 'info',
      logPretty: false,
      allowPrivateUrls: false,
      localDevelopment: false,
      version: '0.1.0',
      probeHost: '127.0.0.1',
    });
  });

  it('gives the sandbox its own database (sv_sandbox) and prefix sv.sandbox', () => {
    expect(parse({ SV_ENV: 'sandbox' })).toMatchObject({
      env: 'sandbox',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/sv_sandbox',
      subjectPrefix: 'sv.sandbox',
    });
  });

  it('takes explicit values over the defaults', () => {
    expect(
      parse({
        SV_ENV: 'sandbox',
        SV_DATABASE_URL: 'postgresql://db.internal:5432/other',
        SV_NATS_URL: 'nats://a:4222,nats://b:4222',
        SV_SUBJECT_PREFIX: 't.abc123',
        SV_LOG_LEVEL: 'silent',
        SV_LOG_PRETTY: 'true',
        SV_ALLOW_PRIVATE_URLS: '1',
        SV_VERSION: '9.9.9',
        SV_STREAM_REPLICAS: '3',
        SV_PROBE_HOST: '10.0.0.7',
      }),
    ).toEqual({
      env: 'sandbox',
      databaseUrl: 'postgresql://db.internal:5432/other',
      natsUrl: 'nats://a:4222,nats://b:4222',
      subjectPrefix: 't.abc123',
      streamReplicas: 3,
      logLevel: 'silent',
      logPretty: true,
      allowPrivateUrls: true,
      localDevelopment: false,
      version: '9.9.9',
      probeHost: '10.0.0.7',
    });
  });

  it.each([
    ['0', false],
    ['false', false],
    ['', false],
    ['1', true],
    ['true', true],
  ])('reads the flag value %j as %s', (value, expected) => {
    expect(parse({ SV_ALLOW_PRIVATE_URLS: value }).allowPrivateUrls).toBe(expected);
  });

  it('refuses an unknown SV_ENV with a ConfigError naming the variable', () => {
    const error = configError({ SV_ENV: 'staging' });
    expect(error.name).toBe('ConfigError');
    expect(error.message).toMatch(/^Invalid configuration:/);
    expect(error.message).toContain('SV_ENV');
  });

  it('lists every bad variable at once', () => {
    const error = configError({
      SV_ENV: 'staging',
      SV_DATABASE_URL: 'mysql://localhost/sv',
      SV_SUBJECT_PREFIX: 'has spaces.*',
      SV_LOG_PRETTY: 'yes',
    });
    for (const variable of ['SV_ENV', 'SV_DATABASE_URL', 'SV_SUBJECT_PREFIX', 'SV_LOG_PRETTY']) expect(error.message).toContain(variable);
    expect(error.message).toContain('SV_DATABASE_URL: must be a postgres:// URL');
    expect(error.message).toContain('SV_SUBJECT_PREFIX: must be dot-separated NATS tokens');
  });

  it('lets a service extend the shape and map its own config', () => {
    const shape = { ...baseEnvShape, SV_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional() };
    const read = (raw: Record<string, string>) =>
      parseEnv(shape, raw, (env) => ({ ...toBaseConfig(env), healthPort: env.SV_HEALTH_PORT ?? 9101 }));
    expect(read({}).healthPort).toBe(9101);
    expect(read({ SV_HEALTH_PORT: '0' }).healthPort).toBe(0);
    expect(() => read({ SV_HEALTH_PORT: 'http' })).toThrow(ConfigError);
    expect(() => read({ SV_HEALTH_PORT: '70000' })).toThrow(/SV_HEALTH_PORT/);
  });
});
