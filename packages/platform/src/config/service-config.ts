import { z } from 'zod';
import type { Environment } from '@sv/contracts';
import { blobEnvShape, toBlobStoreConfig, type BlobStoreConfig } from '../blobs/blob-config.ts';
import { baseEnvShape, parseEnv, toBaseConfig, type BaseConfig } from './base-config.ts';
import { refuseUnsafeDeployment, type DeploymentChecks } from './deployment-safety.ts';

/** How long a service waits for another to answer unless SV_SERVICE_TIMEOUT_MS says: its default and ceiling. */
export interface ServiceTimeout {
  default: number;
  /** The longest value accepted; 120 s unless the service's calls are known to take longer. */
  max?: number;
}

/** The shared variables of a service on the bus: the base shape and how long it waits for the others. */
export const serviceEnvShape = (timeout: ServiceTimeout) => ({
  ...baseEnvShape,
  SV_SERVICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(timeout.max ?? 120_000).default(timeout.default),
});

type ServiceShape = ReturnType<typeof serviceEnvShape>;
type BlobShape = ReturnType<typeof blobEnvShape>;

/** A service's parsed environment: the shared variables and its own (`TOwn`). */
export type ServiceEnv<TOwn extends z.ZodRawShape = Record<never, never>> = z.infer<z.ZodObject<ServiceShape & TOwn>>;
/** The same for a service that reads or writes stored files. */
export type BlobServiceEnv<TOwn extends z.ZodRawShape = Record<never, never>> = z.infer<z.ZodObject<ServiceShape & BlobShape & TOwn>>;

/** The config every service on the bus gets from the shared variables. */
export interface ServiceConfig extends BaseConfig {
  /** Probes (/health/live, /health/ready) and /metrics; 0 picks a free port. */
  healthPort: number;
  serviceTimeoutMs: number;
}

/** …and, for a service that stores files, where they are and where they are served from. */
export interface BlobServiceConfig extends ServiceConfig {
  cdnUrl: string;
  blobStore: BlobStoreConfig;
}

export interface ServiceSpec<TOwn extends z.ZodRawShape, TEnv, TShared, TConfig> {
  /** The probe listener's port in each environment, unless SV_HEALTH_PORT names one. */
  healthPort: Record<Environment, number>;
  serviceTimeoutMs: ServiceTimeout;
  /** The service's own variables; none may repeat a shared one. */
  shape: TOwn & { [K in keyof ServiceShape]?: never };
  /** The service's config: the shared part (spread it) and its own fields. */
  config: (env: TEnv, shared: TShared) => TConfig;
  /**
   * What the service refuses outside local development besides what every service refuses
   * (SV_NATS_CREDENTIALS, SV_ALLOW_PRIVATE_URLS, and the blob signing secret of a local store).
   */
  deployment?: (env: TEnv, config: TConfig) => DeploymentChecks;
}

const sharedConfig = (env: ServiceEnv, healthPort: Record<Environment, number>): ServiceConfig => ({
  ...toBaseConfig(env),
  healthPort: env.SV_HEALTH_PORT ?? healthPort[env.SV_ENV],
  serviceTimeoutMs: env.SV_SERVICE_TIMEOUT_MS,
});

const read = <TConfig>(
  raw: Record<string, string | undefined>,
  spec: ServiceSpec<z.ZodRawShape, ServiceEnv, ServiceConfig, TConfig>,
  blobs: boolean,
): TConfig =>
  parseEnv({ ...serviceEnvShape(spec.serviceTimeoutMs), ...(blobs ? blobEnvShape(raw) : {}), ...spec.shape }, raw, (parsed) => {
    const env = parsed as ServiceEnv;
    const shared = sharedConfig(env, spec.healthPort);
    const config = spec.config(env, blobs ? { ...shared, ...blobConfig(parsed as BlobServiceEnv) } : shared);
    const own = spec.deployment?.(env, config) ?? {};
    refuseUnsafeDeployment(env, {
      // The variable as set, not its development default: a local store's reads are signed with it.
      secrets: { ...own.secrets, ...(blobs && (parsed as BlobServiceEnv).SV_BLOB_STORE === 'local' ? { SV_BLOB_SIGNING_SECRET: raw.SV_BLOB_SIGNING_SECRET } : {}) },
      problems: own.problems,
    });
    return config;
  });

const blobConfig = (env: BlobServiceEnv): Pick<BlobServiceConfig, 'cdnUrl' | 'blobStore'> => ({
  cdnUrl: env.SV_CDN_URL.replace(/\/$/, ''),
  blobStore: toBlobStoreConfig(env),
});

/**
 * Reads a bus service's configuration once, at start-up: the shared variables with their
 * defaults, the service's own, then what no deployment may run on (outside local development
 * start-up stops naming each offending variable).
 */
export const readServiceConfig = <TOwn extends z.ZodRawShape, TConfig>(
  raw: Record<string, string | undefined>,
  spec: ServiceSpec<TOwn, ServiceEnv<TOwn>, ServiceConfig, TConfig>,
): TConfig => read(raw, spec as unknown as ServiceSpec<z.ZodRawShape, ServiceEnv, ServiceConfig, TConfig>, false);

/** readServiceConfig for a service that reads or writes stored files: the blob store's variables join the shared ones. */
export const readBlobServiceConfig = <TOwn extends z.ZodRawShape, TConfig>(
  raw: Record<string, string | undefined>,
  spec: ServiceSpec<TOwn, BlobServiceEnv<TOwn>, BlobServiceConfig, TConfig>,
): TConfig => read(raw, spec as unknown as ServiceSpec<z.ZodRawShape, ServiceEnv, ServiceConfig, TConfig>, true);
