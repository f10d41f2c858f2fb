import { z } from 'zod';
import { ConfigError, readBlobServiceConfig, type BlobServiceConfig, type BlobServiceEnv } from '@sv/platform';
import { readEndpointsFile, type EndpointSettings, type SftpEndpoint } from './app/transports/endpoints.ts';

/** The development DPID: a deployment must set its own (production refuses to start on it). */
export const DEVELOPMENT_PARTY_ID = 'PADPIDA2026SVDEV01';

const DPID = /^PADPIDA[A-Z0-9]{11}$/;
const milliseconds = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);

const shape = {
  /** The platform's own DDEX party: the MessageSender of every message. */
  SV_DDEX_PARTY_ID: z.string().regex(DPID, 'must be a DDEX party id: PADPIDA followed by 11 capitals or digits').default(DEVELOPMENT_PARTY_ID),
  SV_DDEX_PARTY_NAME: z.string().trim().min(1).max(200).default('SV Distribution'),
  /**
   * Where bundles go: `sftp` (the default store endpoint below, one folder per store under its
   * root) or `directory` (a local folder; the default outside production, which must choose).
   * The sandbox always writes to its own directory, whatever is set here.
   */
  SV_DELIVERY_TRANSPORT: z.enum(['sftp', 'directory']).optional(),
  SV_DELIVERY_DIR: z.string().min(1).default('var/delivery'),
  SV_DELIVERY_SFTP_HOST: z.string().min(1).optional(),
  SV_DELIVERY_SFTP_PORT: z.coerce.number().int().min(1).max(65535).default(22),
  SV_DELIVERY_SFTP_USER: z.string().min(1).optional(),
  /** Path of the private key file (never the key itself in the environment). */
  SV_DELIVERY_SFTP_KEY_FILE: z.string().min(1).optional(),
  /** The server's host key, `SHA256:<base64>` as ssh-keygen -lf prints it; required in production. */
  SV_DELIVERY_SFTP_HOST_KEY: z.string().regex(/^SHA256:[A-Za-z0-9+/]{43}=?$/, 'must be SHA256:<base64> as ssh-keygen -l prints it').optional(),
  SV_DELIVERY_SFTP_ROOT: z.string().min(1).default('/'),
  /** A JSON file naming each store's own endpoint (stores not named use the default one above). */
  SV_DELIVERY_ENDPOINTS_FILE: z.string().min(1).optional(),
  /** The delivery worker's tick; it also wakes at once when a delivery is queued. */
  SV_DELIVERY_TICK_MS: milliseconds(50, 3_600_000, 60_000),
  SV_DELIVERY_RETRY_BASE_MS: milliseconds(10, 86_400_000, 60_000),
  SV_DELIVERY_RETRY_CAP_MS: milliseconds(10, 86_400_000, 3_600_000),
  SV_DELIVERY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  SV_DELIVERY_LEASE_MS: milliseconds(1_000, 3_600_000, 600_000),
  /** How long one SFTP operation may take before the attempt is abandoned and retried. */
  SV_DELIVERY_SFTP_TIMEOUT_MS: milliseconds(100, 600_000, 30_000),
  SV_ACK_POLL_MS: milliseconds(50, 3_600_000, 60_000),
  SV_QC_TICK_MS: milliseconds(50, 3_600_000, 10_000),
  /**
   * QC runs that could not finish (a service did not answer) are retried with backoff, this many
   * attempts in all: about a day at the 10-minute cap, so that an outage of a service QC asks
   * leaves no release waiting for good; a run still failing then is dead, logged and counted.
   */
  SV_QC_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(300),
  SV_QC_RETRY_BASE_MS: milliseconds(10, 86_400_000, 15_000),
  SV_QC_RETRY_CAP_MS: milliseconds(10, 86_400_000, 600_000),
  SV_AUDIO_VALIDATOR_MS: milliseconds(50, 86_400_000, 300_000),
  SV_FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  SV_FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  /** Longest audio file QC reads (bytes); larger ones fail QC rather than fill the disk. */
  SV_QC_MAX_AUDIO_BYTES: z.coerce.number().int().min(1).default(1_073_741_824),
};

export interface DeliveryConfig extends BlobServiceConfig {
  party: { party_id: string; name: string };
  endpoints: EndpointSettings;
  tickMs: number;
  retry: { baseMs: number; capMs: number; maxAttempts: number };
  leaseMs: number;
  sftpTimeoutMs: number;
  ackPollMs: number;
  qcTickMs: number;
  qcRetry: { baseMs: number; capMs: number; maxAttempts: number };
  audioValidatorMs: number;
  ffmpeg: { ffmpeg: string; ffprobe: string; maxAudioBytes: number };
}

type Parsed = BlobServiceEnv<typeof shape>;

const defaultSftp = (parsed: Parsed): SftpEndpoint | undefined => {
  if ((parsed.SV_DELIVERY_TRANSPORT ?? 'directory') !== 'sftp') return undefined;
  const missing = (['SV_DELIVERY_SFTP_HOST', 'SV_DELIVERY_SFTP_USER', 'SV_DELIVERY_SFTP_KEY_FILE'] as const).filter((name) => !parsed[name]);
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n  ${missing.map((name) => `${name}: is required when SV_DELIVERY_TRANSPORT is sftp`).join('\n  ')}`);
  return {
    transport: 'sftp',
    host: parsed.SV_DELIVERY_SFTP_HOST ?? '',
    port: parsed.SV_DELIVERY_SFTP_PORT,
    username: parsed.SV_DELIVERY_SFTP_USER ?? '',
    privateKeyFile: parsed.SV_DELIVERY_SFTP_KEY_FILE ?? '',
    hostKey: parsed.SV_DELIVERY_SFTP_HOST_KEY ?? null,
    root: parsed.SV_DELIVERY_SFTP_ROOT,
  };
};

/** Delivery's own refusals outside local development: where bundles go, whose party sends them, whose server receives them. */
const deliveryProblems = (parsed: Parsed, endpoints: EndpointSettings): string[] => {
  const problems: string[] = [];
  // A local folder is where development bundles go; production names where its stores are.
  if (parsed.SV_ENV === 'production' && !parsed.SV_DELIVERY_TRANSPORT) {
    problems.push('SV_DELIVERY_TRANSPORT: must be set in production (sftp, or directory for a mounted store folder)');
  }
  // The sandbox's bundles go nowhere, so the development party may sign them there.
  if (parsed.SV_ENV === 'production' && parsed.SV_DDEX_PARTY_ID === DEVELOPMENT_PARTY_ID) {
    problems.push('SV_DDEX_PARTY_ID: must be set to the platform\'s own DDEX party id in production');
  }
  for (const endpoint of [endpoints.fallback, ...Object.values(endpoints.stores)]) {
    if (endpoint?.transport === 'sftp' && !endpoint.hostKey) {
      problems.push(`SV_DELIVERY_SFTP_HOST_KEY: the host key of ${endpoint.host} must be pinned`);
    }
  }
  return problems;
};

/** Delivery's configuration, read from the environment (and the endpoints file) once at start-up. */
export const readConfig = (env: Record<string, string | undefined> = process.env): DeliveryConfig =>
  readBlobServiceConfig(env, {
    healthPort: { production: 9104, sandbox: 9114 },
    // How long delivery waits for another service (catalogue, supply-chain, gateway) to answer.
    serviceTimeoutMs: { default: 10_000 },
    shape,
    deployment: (parsed, config) => ({ problems: deliveryProblems(parsed, config.endpoints) }),
    config: (parsed, shared) => {
      // The sandbox builds and records but sends nothing: its only transport is its own folder.
      const directory = { transport: 'directory' as const, root: parsed.SV_DELIVERY_DIR };
      const endpoints: EndpointSettings =
        parsed.SV_ENV === 'sandbox'
          ? { fallback: directory, stores: {} }
          : {
              fallback: defaultSftp(parsed) ?? directory,
              stores: parsed.SV_DELIVERY_ENDPOINTS_FILE ? readEndpointsFile(parsed.SV_DELIVERY_ENDPOINTS_FILE) : {},
            };
      return {
        ...shared,
        party: { party_id: parsed.SV_DDEX_PARTY_ID, name: parsed.SV_DDEX_PARTY_NAME },
        endpoints,
        tickMs: parsed.SV_DELIVERY_TICK_MS,
        retry: { baseMs: parsed.SV_DELIVERY_RETRY_BASE_MS, capMs: parsed.SV_DELIVERY_RETRY_CAP_MS, maxAttempts: parsed.SV_DELIVERY_MAX_ATTEMPTS },
        leaseMs: parsed.SV_DELIVERY_LEASE_MS,
        sftpTimeoutMs: parsed.SV_DELIVERY_SFTP_TIMEOUT_MS,
        ackPollMs: parsed.SV_ACK_POLL_MS,
        qcTickMs: parsed.SV_QC_TICK_MS,
        qcRetry: { baseMs: parsed.SV_QC_RETRY_BASE_MS, capMs: parsed.SV_QC_RETRY_CAP_MS, maxAttempts: parsed.SV_QC_MAX_ATTEMPTS },
        audioValidatorMs: parsed.SV_AUDIO_VALIDATOR_MS,
        ffmpeg: { ffmpeg: parsed.SV_FFMPEG_PATH, ffprobe: parsed.SV_FFPROBE_PATH, maxAudioBytes: parsed.SV_QC_MAX_AUDIO_BYTES },
      };
    },
  });
