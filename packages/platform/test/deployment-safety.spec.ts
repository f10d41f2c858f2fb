import { ConfigError, baseEnvShape, parseEnv, refuseUnsafeDeployment, secretProblem } from '../src/index.ts';

const parse = (raw: Record<string, string | undefined>) => parseEnv(baseEnvShape, raw, (env) => env);
const refusal = (raw: Record<string, string | undefined>, secrets: Record<string, string | undefined> = {}): string => {
  try {
    refuseUnsafeDeployment(parse(raw), { secrets });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return '';
};

describe('a deployment refuses unsafe configuration', () => {
  it('names a missing, short or built-in secret', () => {
    expect(secretProblem('SV_X', undefined)).toMatch(/^SV_X: is required/);
    expect(secretProblem('SV_X', 'short-secret')).toMatch(/^SV_X: must be at least 32 bytes/);
    expect(secretProblem('SV_X', 'local-production-token-secret-change-me')).toMatch(/^SV_X: is a built-in development value/);
    expect(secretProblem('SV_X', 'compose-sandbox-token-secret-dev-only')).toMatch(/built-in/);
    expect(secretProblem('SV_X', 'e'.repeat(32))).toBeUndefined();
  });

  it('refuses missing bus credentials and private-address fetching, in production and the sandbox alike', () => {
    for (const environment of ['production', 'sandbox']) {
      const message = refusal({ SV_ENV: environment, SV_ALLOW_PRIVATE_URLS: '1' }, { SV_TOKEN_SECRET: undefined });
      expect(message.split('\n')).toEqual([
        `Refusing to start ${environment} on unsafe configuration:`,
        expect.stringMatching(/^ {2}SV_NATS_CREDENTIALS: /),
        expect.stringMatching(/^ {2}SV_ALLOW_PRIVATE_URLS: /),
        expect.stringMatching(/^ {2}SV_TOKEN_SECRET: /),
      ]);
    }
  });

  it('starts a deployment whose every setting is its own', () => {
    expect(refusal({ SV_NATS_CREDENTIALS: '/etc/sv/nats/credentials.nk' }, { SV_TOKEN_SECRET: 'a'.repeat(48) })).toBe('');
  });

  it('allows the development defaults on a developer’s machine only', () => {
    expect(refusal({ SV_LOCAL_DEVELOPMENT: '1', SV_ALLOW_PRIVATE_URLS: '1' }, { SV_TOKEN_SECRET: undefined })).toBe('');
  });
});
