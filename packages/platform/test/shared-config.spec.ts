import { z } from 'zod';
import { ConfigError, processEnvShape, parseEnv, readBlobServiceConfig, readServiceConfig, toProcessConfig } from '../src/index.ts';

/* The variables every service shares are declared once in the kit; a service adds only its own. */

const OWN_SECRET = 'a-deployment-secret-of-its-own-0123456789';
const CREDENTIALS = { SV_NATS_CREDENTIALS: '/etc/sv/nats/credentials.nk' };

/** A service with one variable and one secret of its own, as the services declare theirs. */
const readExample = (raw: Record<string, string | undefined>) =>
  readServiceConfig(raw, {
    healthPort: { production: 9190, sandbox: 9191 },
    serviceTimeoutMs: { default: 5_000 },
    shape: { SV_EXAMPLE_SECRET: z.string().optional(), SV_EXAMPLE_TICK_MS: z.coerce.number().int().min(10).default(1_000) },
    deployment: (env) => ({ secrets: { SV_EXAMPLE_SECRET: env.SV_EXAMPLE_SECRET } }),
    config: (env, shared) => ({ ...shared, tickMs: env.SV_EXAMPLE_TICK_MS, secret: env.SV_EXAMPLE_SECRET }),
  });

const readStoring = (raw: Record<string, string | undefined>) =>
  readBlobServiceConfig(raw, {
    healthPort: { production: 9192, sandbox: 9193 },
    serviceTimeoutMs: { default: 30_000, max: 300_000 },
    shape: {},
    config: (_env, shared) => shared,
  });

const refusal = (read: () => unknown): string => {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('a service reading the shared variables and its own', () => {
  const local = { SV_LOCAL_DEVELOPMENT: '1' };

  it('gets the shared defaults: its own probe port per environment, its own timeout, the base settings', () => {
    expect(readExample(local)).toMatchObject({
      env: 'production',
      healthPort: 9190,
      serviceTimeoutMs: 5_000,
      natsUrl: 'nats://127.0.0.1:4222',
      subjectPrefix: 'sv.production',
      logLevel: 'info',
      probeHost: '127.0.0.1',
      tickMs: 1_000,
    });
    expect(readExample({ ...local, SV_ENV: 'sandbox' })).toMatchObject({ healthPort: 9191, subjectPrefix: 'sv.sandbox' });
  });

  it('takes the shared variables as set, 0 picking a free probe port', () => {
    expect(readExample({ ...local, SV_HEALTH_PORT: '0', SV_SERVICE_TIMEOUT_MS: '250', SV_LOG_LEVEL: 'debug', SV_EXAMPLE_TICK_MS: '20' })).toMatchObject({
      healthPort: 0,
      serviceTimeoutMs: 250,
      logLevel: 'debug',
      tickMs: 20,
    });
  });

  it('refuses a bad shared variable by name, beside its own', () => {
    const message = refusal(() => readExample({ ...local, SV_HEALTH_PORT: '70000', SV_SERVICE_TIMEOUT_MS: '50', SV_EXAMPLE_TICK_MS: '1' }));
    expect(message).toMatch(/^Invalid configuration:/);
    for (const variable of ['SV_HEALTH_PORT', 'SV_SERVICE_TIMEOUT_MS', 'SV_EXAMPLE_TICK_MS']) expect(message).toContain(`${variable}:`);
  });

  it('bounds the service timeout at two minutes unless the service raises the ceiling', () => {
    expect(() => readExample({ ...local, SV_SERVICE_TIMEOUT_MS: '200000' })).toThrow(/SV_SERVICE_TIMEOUT_MS/);
    expect(readStoring({ ...local, SV_SERVICE_TIMEOUT_MS: '200000' }).serviceTimeoutMs).toBe(200_000);
    expect(readStoring(local).serviceTimeoutMs).toBe(30_000);
  });
});

describe('a deployed service (no SV_LOCAL_DEVELOPMENT)', () => {
  it.each(['production', 'sandbox'])('in %s refuses to start naming the shared and its own offending variables, one a line', (environment) => {
    const message = refusal(() => readExample({ SV_ENV: environment, SV_ALLOW_PRIVATE_URLS: '1', SV_EXAMPLE_SECRET: 'local-production-token-secret-change-me' }));
    expect(message.split('\n')).toEqual([
      `Refusing to start ${environment} on unsafe configuration:`,
      expect.stringMatching(/^ {2}SV_NATS_CREDENTIALS: is required/),
      expect.stringMatching(/^ {2}SV_ALLOW_PRIVATE_URLS: must not be set/),
      expect.stringMatching(/^ {2}SV_EXAMPLE_SECRET: is a built-in development value/),
    ]);
  });

  it('starts on settings of its own', () => {
    expect(readExample({ ...CREDENTIALS, SV_EXAMPLE_SECRET: OWN_SECRET }).secret).toBe(OWN_SECRET);
  });

  it('with a local blob store requires a signing secret of its own, the development default not counting', () => {
    expect(refusal(() => readStoring(CREDENTIALS))).toMatch(/\n {2}SV_BLOB_SIGNING_SECRET: is required/);
    expect(refusal(() => readStoring({ ...CREDENTIALS, SV_BLOB_SIGNING_SECRET: 'local-production-blob-signing-secret-change-me' }))).toMatch(/SV_BLOB_SIGNING_SECRET: is a built-in/);
    expect(readStoring({ ...CREDENTIALS, SV_BLOB_SIGNING_SECRET: OWN_SECRET }).blobStore).toEqual({ kind: 'local', dir: 'var/blobs', signingSecret: OWN_SECRET });
  });

  it('with S3 needs no signing secret, and its files are served from the CDN address without a trailing slash', () => {
    const config = readStoring({ ...CREDENTIALS, SV_BLOB_STORE: 's3', SV_S3_BUCKET: 'sv-files', SV_CDN_URL: 'https://cdn.example.com/' });
    expect(config.cdnUrl).toBe('https://cdn.example.com');
    expect(config.blobStore).toMatchObject({ kind: 's3', bucket: 'sv-files' });
  });
});

describe('a process off the bus (docs, MCP)', () => {
  const read = (raw: Record<string, string | undefined>) => parseEnv(processEnvShape, raw, (env) => toProcessConfig(env, 9198));

  it('reads the same probe, log and local-development variables, with its own probe port as default', () => {
    expect(read({})).toEqual({ healthPort: 9198, probeHost: '127.0.0.1', logLevel: 'info', logPretty: false });
    expect(read({ SV_HEALTH_PORT: '9200', SV_PROBE_HOST: '10.0.0.7', SV_LOG_LEVEL: 'warn', SV_LOG_PRETTY: '1' })).toEqual({
      healthPort: 9200,
      probeHost: '10.0.0.7',
      logLevel: 'warn',
      logPretty: true,
    });
    expect(() => read({ SV_HEALTH_PORT: 'http' })).toThrow(/SV_HEALTH_PORT/);
  });
});
