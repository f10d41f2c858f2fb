import { z } from 'zod';
import { ENVIRONMENTS, subjectPrefix, type Environment } from '@sv/contracts';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .default('0')
  .transform((value) => value === '1' || value === 'true');

/** Environment variables every service reads; each service extends this shape with its own. */
export const baseEnvShape = {
  SV_ENV: z.enum(ENVIRONMENTS).default('production'),
  SV_DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  SV_NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
  SV_SUBJECT_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, 'must be dot-separated NATS tokens')
    .optional(),
  SV_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SV_LOG_PRETTY: flag,
  SV_ALLOW_PRIVATE_URLS: flag,
  SV_VERSION: z.string().default('0.1.0'),
};

export interface BaseConfig {
  env: Environment;
  databaseUrl: string;
  natsUrl: string;
  subjectPrefix: string;
  logLevel: string;
  logPretty: boolean;
  allowPrivateUrls: boolean;
  version: string;
}

const DEFAULT_DATABASE: Record<Environment, string> = {
  production: 'postgres://postgres@127.0.0.1:5432/sv',
  sandbox: 'postgres://postgres@127.0.0.1:5432/sv_sandbox',
};

export const toBaseConfig = (env: z.infer<z.ZodObject<typeof baseEnvShape>>): BaseConfig => ({
  env: env.SV_ENV,
  databaseUrl: env.SV_DATABASE_URL ?? DEFAULT_DATABASE[env.SV_ENV],
  natsUrl: env.SV_NATS_URL,
  subjectPrefix: env.SV_SUBJECT_PREFIX ?? subjectPrefix(env.SV_ENV),
  logLevel: env.SV_LOG_LEVEL,
  logPretty: env.SV_LOG_PRETTY,
  allowPrivateUrls: env.SV_ALLOW_PRIVATE_URLS,
  version: env.SV_VERSION,
});

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Validates a raw environment against a zod shape once, at start-up, and maps it into a typed
 * config. A bad variable stops the process with every problem listed at once.
 */
export const parseEnv = <TShape extends z.ZodRawShape, TConfig>(
  shape: TShape,
  raw: Record<string, string | undefined>,
  map: (env: z.infer<z.ZodObject<TShape>>) => TConfig,
): TConfig => {
  const result = z.object(shape).safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return map(result.data);
};
