import { isIP } from 'node:net';
import { z } from 'zod';
import { ENVIRONMENTS, subjectPrefix, type Environment } from '@sv/contracts';

/** An on/off variable: 1 or true is on; unset, empty, 0 or false is off. */
export const envFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .default('0')
  .transform((value) => value === '1' || value === 'true');

export const logLevelEnv = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');

/** Where the probe and metrics listener binds unless told otherwise: nothing off the host reaches it. */
export const DEFAULT_PROBE_HOST = '127.0.0.1';

/**
 * The probe and metrics listener's address. It has no authentication, so it binds to loopback
 * unless a deployment names the one address its kubelet and Prometheus reach (the pod's own IP).
 */
export const probeEnvShape = {
  SV_PROBE_HOST: z
    .string()
    .default(DEFAULT_PROBE_HOST)
    .refine((value) => isIP(value) !== 0, 'must be an IP address (in Kubernetes the pod\'s own, status.podIP)'),
};

/**
 * What every process reads, on the bus or not: where its unauthenticated probe and metrics
 * listener is (the port's default is each service's own), how it logs, and whether it runs on a
 * developer's machine.
 */
export const processEnvShape = {
  ...probeEnvShape,
  /** The cluster-side listener: probes and Prometheus metrics, never on a public port. 0 picks a free port. */
  SV_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /**
   * A developer's machine or a test run: built-in secrets, placeholder identifiers, private URLs
   * and mail to the log are allowed. Deployments never set it; without it nothing starts unsafe.
   */
  SV_LOCAL_DEVELOPMENT: envFlag,
  SV_LOG_LEVEL: logLevelEnv,
  SV_LOG_PRETTY: envFlag,
};

/** The part of a process's config its shared variables give. */
export interface ProcessConfig {
  /** Probes and /metrics; 0 picks a free port. */
  healthPort: number;
  /** The address the probe and metrics listener binds to. */
  probeHost: string;
  logLevel: string;
  logPretty: boolean;
}

export type ProcessEnv = z.infer<z.ZodObject<typeof processEnvShape>>;

/** `healthPort`: the service's own probe port, used unless SV_HEALTH_PORT names another. */
export const toProcessConfig = (env: ProcessEnv, healthPort: number): ProcessConfig => ({
  healthPort: env.SV_HEALTH_PORT ?? healthPort,
  probeHost: env.SV_PROBE_HOST,
  logLevel: env.SV_LOG_LEVEL,
  logPretty: env.SV_LOG_PRETTY,
});

/** Environment variables every service on the bus reads; each service extends this shape with its own. */
export const baseEnvShape = {
  ...processEnvShape,
  SV_ENV: z.enum(ENVIRONMENTS).default('production'),
  SV_DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  SV_NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
  /** This process's bus credentials: a file holding an nkey seed or a `.creds` (user JWT and seed). */
  SV_NATS_CREDENTIALS: z.string().min(1).optional(),
  /** The CA that signed the NATS servers' certificates, for `tls://` URLs on a private CA. */
  SV_NATS_CA_FILE: z.string().min(1).optional(),
  /** Copies JetStream keeps of the event stream: 1 on one server, 3 on a three-node cluster (production). */
  SV_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  SV_SUBJECT_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, 'must be dot-separated NATS tokens')
    .optional(),
  SV_ALLOW_PRIVATE_URLS: envFlag,
  SV_VERSION: z.string().default('0.1.0'),
};

export interface BaseConfig {
  env: Environment;
  databaseUrl: string;
  natsUrl: string;
  natsCredentialsFile: string | undefined;
  natsCaFile: string | undefined;
  streamReplicas: number;
  localDevelopment: boolean;
  subjectPrefix: string;
  logLevel: string;
  logPretty: boolean;
  allowPrivateUrls: boolean;
  version: string;
  /** The address the probe and metrics listener binds to. */
  probeHost: string;
}

const DEFAULT_DATABASE: Record<Environment, string> = {
  production: 'postgres://postgres@127.0.0.1:5432/sv',
  sandbox: 'postgres://postgres@127.0.0.1:5432/sv_sandbox',
};

export type BaseEnv = z.infer<z.ZodObject<typeof baseEnvShape>>;

export const toBaseConfig = (env: BaseEnv): BaseConfig => ({
  env: env.SV_ENV,
  databaseUrl: env.SV_DATABASE_URL ?? DEFAULT_DATABASE[env.SV_ENV],
  natsUrl: env.SV_NATS_URL,
  natsCredentialsFile: env.SV_NATS_CREDENTIALS,
  natsCaFile: env.SV_NATS_CA_FILE,
  streamReplicas: env.SV_STREAM_REPLICAS,
  localDevelopment: env.SV_LOCAL_DEVELOPMENT,
  subjectPrefix: env.SV_SUBJECT_PREFIX ?? subjectPrefix(env.SV_ENV),
  logLevel: env.SV_LOG_LEVEL,
  logPretty: env.SV_LOG_PRETTY,
  allowPrivateUrls: env.SV_ALLOW_PRIVATE_URLS,
  version: env.SV_VERSION,
  probeHost: env.SV_PROBE_HOST,
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
