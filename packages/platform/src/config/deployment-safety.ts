import { ConfigError, type BaseEnv } from './base-config.ts';

/** A secret shorter than this is guessable offline (HMAC keys, sealing keys, signing secrets). */
export const MIN_SECRET_BYTES = 32;

/**
 * Every secret value this repository has shipped as a default or an example (code, compose file,
 * bring-up). They are public, so a deployment using one has no secret at all.
 */
export const BUILT_IN_SECRETS: ReadonlySet<string> = new Set([
  'local-production-token-secret-change-me',
  'local-sandbox-token-secret-change-me',
  'local-production-blob-signing-secret-change-me',
  'local-sandbox-blob-signing-secret-change-me',
  'local-blob-signing-secret-change-me',
  'local-development-only-webhook-secret-key-production',
  'local-development-only-webhook-secret-key-sandbox',
  'compose-production-token-secret-dev-only',
  'compose-sandbox-token-secret-dev-only',
  'compose-production-blob-signing-secret-dev-only',
  'compose-sandbox-blob-signing-secret-dev-only',
  'local-compose-only-webhook-secret-key-production',
  'local-compose-only-webhook-secret-key-sandbox',
]);

/** Why `value` cannot be the secret `name` of a deployment, or undefined when it can. */
export const secretProblem = (name: string, value: string | undefined): string | undefined => {
  if (value === undefined || value === '') return `${name}: is required (set it from a Secret)`;
  if (BUILT_IN_SECRETS.has(value)) return `${name}: is a built-in development value; set a secret of your own`;
  if (Buffer.byteLength(value, 'utf8') < MIN_SECRET_BYTES) return `${name}: must be at least ${MIN_SECRET_BYTES} bytes`;
  return undefined;
};

/** What every service refuses in a deployment: unauthenticated NATS, outbound calls to private addresses. */
const baseProblems = (env: BaseEnv): string[] => [
  ...(env.SV_NATS_CREDENTIALS ? [] : ['SV_NATS_CREDENTIALS: is required (the file of this service\'s NATS credentials)']),
  ...(env.SV_ALLOW_PRIVATE_URLS ? ['SV_ALLOW_PRIVATE_URLS: must not be set outside local development'] : []),
];

export interface DeploymentChecks {
  /** The service's secrets by variable name (undefined when unset). */
  secrets?: Record<string, string | undefined>;
  /** The service's own refusals, each `VARIABLE: why`. */
  problems?: string[];
}

/**
 * Production and the sandbox never run on development defaults: outside local development
 * (SV_LOCAL_DEVELOPMENT) start-up stops with one line per offending variable.
 */
export const refuseUnsafeDeployment = (env: BaseEnv, checks: DeploymentChecks = {}): void => {
  if (env.SV_LOCAL_DEVELOPMENT) return;
  const problems = [
    ...baseProblems(env),
    ...Object.entries(checks.secrets ?? {}).flatMap(([name, value]) => secretProblem(name, value) ?? []),
    ...(checks.problems ?? []),
  ];
  if (problems.length > 0) {
    throw new ConfigError(`Refusing to start ${env.SV_ENV} on unsafe configuration:\n  ${problems.join('\n  ')}`);
  }
};

/** Reads the config, or prints what is wrong with it (one line per variable) and exits 1. */
export const configOrExit = <TConfig>(read: () => TConfig): TConfig => {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
};
