import { readFileSync } from 'node:fs';
import { connect, credsAuthenticator, nkeyAuthenticator, type Authenticator, type NatsConnection } from '@nats-io/transport-node';
import { busInboxPrefix, type BusIdentity } from '@sv/contracts';
import type { Logger } from '../log/logger.ts';

export type { NatsConnection };

export interface BusConnectionSettings {
  url: string;
  /** File of the identity's credentials: an nkey seed, or a `.creds` file (user JWT and seed). */
  credentialsFile: string | undefined;
  /** CA of the servers' certificates, for `tls://` on a private CA. */
  caFile: string | undefined;
}

/** The authenticator for a credentials file, whichever of the two NATS forms it holds. */
export const authenticatorFromFile = (path: string): Authenticator => {
  const content = readFileSync(path, 'utf8');
  if (content.includes('-----BEGIN NATS USER JWT-----')) return credsAuthenticator(new TextEncoder().encode(content));
  const seed = content.trim();
  if (!/^SU[A-Z2-7]+$/.test(seed)) throw new Error(`${path} holds neither an nkey user seed nor NATS credentials`);
  return nkeyAuthenticator(new TextEncoder().encode(seed));
};

/** One dial's deadline; a dial left unanswered is replaced by a fresh one (see connectNats). */
const DIAL_ATTEMPT_MS = 15_000;
const DIAL_ATTEMPTS = 8;

/** A dial that went unanswered (as opposed to a refusal): worth replacing with a fresh one. */
export const isDialTimeout = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'TimeoutError' || /timeout/i.test(error.message));

/**
 * Connects as `identity` with endless reconnects (a NATS restart must not kill a service). Replies
 * come to the identity's own inbox prefix, the only inboxes its permissions let it read. The first
 * connection dials again when a dial goes unanswered: the local server has been seen to leave one
 * new connection hanging for a minute while others went through, among many starting together.
 * Any other failure (refused credentials, no server) is thrown at once.
 */
export const connectNats = async (settings: BusConnectionSettings, identity: BusIdentity, name: string, logger: Logger): Promise<NatsConnection> => {
  const dial = () =>
    connect({
      servers: settings.url.split(',').map((server) => server.trim()),
      name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      timeout: DIAL_ATTEMPT_MS,
      inboxPrefix: busInboxPrefix(identity),
      ...(settings.credentialsFile ? { authenticator: authenticatorFromFile(settings.credentialsFile) } : {}),
      ...(settings.caFile ? { tls: { caFile: settings.caFile } } : {}),
      // Without this the client builds two Error objects (with stack traces) for every request,
      // only to enrich a failure's stack; timeouts and no-responders are still reported.
      noAsyncTraces: true,
    });
  let nc: NatsConnection | undefined;
  for (let attempt = 1; !nc; attempt++) {
    try {
      nc = await dial();
    } catch (error) {
      if (!isDialTimeout(error) || attempt >= DIAL_ATTEMPTS) throw error;
      logger.warn({ attempt, timeout_ms: DIAL_ATTEMPT_MS }, 'nats dial unanswered; dialling again');
    }
  }
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnect' || status.type === 'error') {
        logger.warn({ nats: status.type, ...('error' in status ? { err: status.error } : {}) }, 'nats connection status');
      }
    }
  })();
  return nc;
};

/** The connection settings of a service's config. */
export const busSettings = (config: { natsUrl: string; natsCredentialsFile: string | undefined; natsCaFile: string | undefined }): BusConnectionSettings => ({
  url: config.natsUrl,
  credentialsFile: config.natsCredentialsFile,
  caFile: config.natsCaFile,
});
