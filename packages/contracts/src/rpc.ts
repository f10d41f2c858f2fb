import { z } from 'zod';
import { Principal } from './principal.ts';

/** A file the gateway streamed into the blob store before forwarding the request. */
export const UploadedFile = z.object({
  field: z.string(),
  key: z.string(),
  url: z.string(),
  filename: z.string(),
  mime_type: z.string(),
  size: z.number().int().nonnegative(),
});
export type UploadedFile = z.infer<typeof UploadedFile>;

/**
 * The request the gateway sends to a service over NATS request/reply. `operation` names the
 * use-case (e.g. `artists.get`); the service's nats adapter dispatches on it.
 */
export const ServiceRequest = z.object({
  operation: z.string().min(1),
  params: z.record(z.string(), z.string()).default({}),
  query: z.record(z.string(), z.union([z.string(), z.array(z.string())])).default({}),
  body: z.unknown().optional(),
  principal: Principal,
  files: z.array(UploadedFile).default([]),
});
export type ServiceRequest = z.input<typeof ServiceRequest>;
export type ParsedServiceRequest = z.output<typeof ServiceRequest>;

/** The service's answer: an HTTP-shaped status, extra headers and a JSON body. */
export const ServiceReply = z.object({
  status: z.number().int().min(100).max(599),
  headers: z.record(z.string(), z.string()).default({}),
  body: z.unknown().optional(),
});
export type ServiceReply = z.input<typeof ServiceReply>;
export type ParsedServiceReply = z.output<typeof ServiceReply>;

/**
 * Operations more than one service answers, each with a handler the platform package gives it, so
 * none belongs in one service's operation object. Every other operation a service answers is in its
 * own object (CatalogueOperation, ReleaseOperation, AnalyticsOperation, …).
 */
export const SharedOperation = {
  /**
   * Every service answers this on its api subject, before its own table: 200 `{status: 'ok',
   * checks}` when its readiness checks (database, bus) pass, else 503 `{status: 'degraded',
   * checks}`: the same answer as its `/health/ready`, for the operator's `status` over the bus.
   */
  ready: 'service.ready',
  /**
   * Internal (operator command → analytics or royalties, the two services that keep recording codes):
   * rebuild the service's recording codes from the catalogue, for the principal's tenant or every
   * tenant. Only the platform itself (a system principal) may ask; a large catalogue takes a while,
   * so callers wait up to RECORDING_CODES_REBUILD_TIMEOUT_MS. Body: RecordingCodesRebuildBody;
   * reply: RecordingCodesRebuildReply.
   */
  recordingCodesRebuild: 'recording_codes.rebuild',
} as const;

/** NATS header names carried on every request and event. */
export const NatsHeader = {
  requestId: 'X-Request-Id',
} as const;
