import { z } from 'zod';
import { baseEnvShape, parseEnv } from '../config/base-config.ts';

const url = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/** The standard OpenTelemetry variables operators already know, and how often spans are sent. */
const shape = {
  /** Where spans go (OTLP over HTTP, JSON), e.g. http://otel-collector:4318/v1/traces. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: url.optional(),
  /** The collector's base address; `/v1/traces` is appended. Used when the traces endpoint is unset. */
  OTEL_EXPORTER_OTLP_ENDPOINT: url.optional(),
  /** Overrides the service name taken from the entry point (services/<name>/src/main.ts). */
  OTEL_SERVICE_NAME: z.string().min(1).max(100).optional(),
  /** How long finished spans wait to be sent together. */
  SV_TRACE_EXPORT_DELAY_MS: z.coerce.number().int().min(10).max(60_000).default(5_000),
  // Any name: the preload also runs before the docs and MCP servers, which have no environment of their own.
  SV_ENV: z.string().default('production'),
  SV_VERSION: baseEnvShape.SV_VERSION,
};

export interface TracingConfig {
  /** Null: tracing is off (no SDK, no hooks); context still passes through NATS headers untouched. */
  tracesUrl: string | null;
  serviceName: string;
  environment: string;
  version: string;
  exportDelayMs: number;
}

/** services/<name>/src/main.ts names its service; anything else is "sv". */
const serviceOfEntry = (entry: string | undefined): string => entry?.match(/services[\\/]([a-z-]+)[\\/]src[\\/]/)?.[1] ?? 'sv';

export const readTracingConfig = (env: Record<string, string | undefined> = process.env, entry: string | undefined = process.argv[1]): TracingConfig =>
  parseEnv(shape, env, (parsed) => ({
    tracesUrl: parsed.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (parsed.OTEL_EXPORTER_OTLP_ENDPOINT ? `${parsed.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, '')}/v1/traces` : null),
    serviceName: parsed.OTEL_SERVICE_NAME ?? serviceOfEntry(entry),
    environment: parsed.SV_ENV,
    version: parsed.SV_VERSION,
    exportDelayMs: parsed.SV_TRACE_EXPORT_DELAY_MS,
  }));
