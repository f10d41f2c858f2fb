import type { NatsConnection } from '@nats-io/transport-node';
import { busSettings, callService, connectNats, createLogger, openBlobStore, openDatabase, withTimeout, type OpenedBlobStore, type Orm } from '@sv/platform';
import { apiSubject } from '@sv/contracts';
import { readAdminConfig } from '../config.ts';
import { GATEWAY_ENTITIES, GATEWAY_MIGRATIONS, GATEWAY_SCHEMA } from '../db/index.ts';
import { CREDENTIAL_CACHE_TTL_MS } from '../app/auth/credential-cache-settings.ts';
import { publishAccessChanged } from '../nats/access-changes.ts';
import type { AdminContext } from './admin-commands.ts';
import { AdminNoAnswerError, describeAdminError, natsConnectMessage, noAnswerKind, redactNatsUrl, type AdminBus } from './admin-errors.ts';

export type AdminEnvironment = 'production' | 'sandbox';

/** Gateways cache credentials; this tells them at once. If NATS cannot be reached, they notice within their cache's lifetime. */
const ACCESS_CHANGE_TIMEOUT_MS = 5_000;

interface EnvironmentResources {
  orm: Orm;
  subjectPrefix: string;
  bus: AdminBus;
  nats: () => Promise<NatsConnection>;
  announceAccessChange: (tenantId: string, warn: (message: string) => void) => Promise<void>;
  blobs: AdminContext['blobs'];
  close(): Promise<void>;
}

// The operator command prints one JSON document: the kit's logger, silenced, keeps stdout clean.
const silent = createLogger({ service: 'admin', env: 'admin', level: 'silent' });

const openEnvironment = async (environment: AdminEnvironment): Promise<EnvironmentResources> => {
  const config = readAdminConfig(environment);
  const orm = await openDatabase({
    url: config.databaseUrl,
    schema: GATEWAY_SCHEMA,
    entities: GATEWAY_ENTITIES,
    migrations: GATEWAY_MIGRATIONS,
    logger: silent,
    poolMax: 2,
  }).catch((error: unknown) => {
    throw new Error(`Cannot open the ${environment} database: ${describeAdminError(error)}`);
  });
  const bus: AdminBus = { url: redactNatsUrl(config.natsUrl), environment: config.env, subjectPrefix: config.subjectPrefix };
  let connecting: Promise<NatsConnection> | undefined;
  let blobStore: OpenedBlobStore | undefined;
  const nats = (): Promise<NatsConnection> => {
    connecting ??= connectNats(busSettings(config), 'admin', 'admin', silent).catch((error: unknown) => {
      throw new Error(natsConnectMessage(bus, error));
    });
    // A failed connection is not kept: the next command that needs the bus tries again.
    connecting.catch(() => (connecting = undefined));
    return connecting;
  };
  return {
    orm,
    subjectPrefix: config.subjectPrefix,
    bus,
    nats,
    blobs: () => (blobStore ??= openBlobStore(config.blobStore, config.cdnUrl)).store,
    async announceAccessChange(tenantId, warn) {
      try {
        await withTimeout(
          nats().then((connection) => publishAccessChanged(connection, config.subjectPrefix, tenantId)),
          ACCESS_CHANGE_TIMEOUT_MS,
          'telling the gateways over NATS',
        );
      } catch (error) {
        warn(`The change is saved, but running gateways could not be told at once (${describeAdminError(error)}); they apply it within ${CREDENTIAL_CACHE_TTL_MS / 1000} s.`);
      }
    },
    async close() {
      const connection = await connecting?.catch(() => undefined);
      await connection?.close();
      blobStore?.close();
      await orm.close(true);
    },
  };
};

/**
 * What the operator command holds open while it runs: per environment, the gateway's database and,
 * once a command needs them, the bus and the blob store. One command opens one environment; a
 * batch keeps each environment it has used open for the commands after it.
 */
export class AdminSession {
  private readonly environments = new Map<AdminEnvironment, Promise<EnvironmentResources>>();

  /** The context one command runs in: a fresh ORM context, and warnings handed to `warn`. */
  async contextFor(environment: AdminEnvironment, warn: (message: string) => void): Promise<AdminContext> {
    let opening = this.environments.get(environment);
    if (!opening) {
      opening = openEnvironment(environment);
      this.environments.set(environment, opening);
      // An environment that could not be opened is tried again by the next command naming it.
      opening.catch(() => this.environments.delete(environment));
    }
    const resources = await opening;
    return {
      em: resources.orm.em.fork(),
      nats: resources.nats,
      subjectPrefix: resources.subjectPrefix,
      bus: resources.bus,
      async ask(service, request, timeoutMs) {
        const connection = await resources.nats();
        try {
          return await callService(connection, apiSubject(resources.subjectPrefix, service), request, timeoutMs);
        } catch (error) {
          const kind = noAnswerKind(error);
          if (kind) throw new AdminNoAnswerError(service, kind === 'timeout', resources.bus);
          throw error;
        }
      },
      accessChanged: (tenantId) => resources.announceAccessChange(tenantId, warn),
      blobs: resources.blobs,
    };
  }

  async close(): Promise<void> {
    const opened = await Promise.allSettled(this.environments.values());
    this.environments.clear();
    await Promise.allSettled(opened.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value.close()] : [])));
  }
}
