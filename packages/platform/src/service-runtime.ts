import type { Server } from 'node:http';
import type { MikroORM } from '@mikro-orm/postgresql';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { apiSubject, queueGroup, type ServiceName } from '@sv/contracts';
import type { BaseConfig } from './config/base-config.ts';
import { openDatabase, pingDatabase, type MigrationEntry } from './db/database.ts';
import { OutboxRelay } from './db/outbox.ts';
import { startHealthServer } from './http/health-server.ts';
import { createLogger, type Logger } from './log/logger.ts';
import { busSettings, connectNats } from './nats/connection.ts';
import type { EventConsumer } from './nats/event-consumer.ts';
import { serveOperations, type OperationTable, type RpcServer } from './nats/rpc-server.ts';
import { ensureEventStream } from './nats/streams.ts';

export interface ServiceRuntime {
  readonly service: ServiceName;
  readonly config: BaseConfig;
  readonly logger: Logger;
  readonly orm: MikroORM;
  readonly nc: NatsConnection;
  readonly js: JetStreamClient;
  readonly relay: OutboxRelay;
  /** Drains NATS (finishing requests in flight), stops the relay and consumers, closes the ORM. */
  stop(): Promise<void>;
}

export interface ServiceDefinition {
  service: ServiceName;
  schema: string;
  entities: unknown[];
  migrations: MigrationEntry[];
  /**
   * Start-up work that must finish before the service answers anything (e.g. syncing reference
   * data into its schema); runs after migrations, before operations and consumers start.
   */
  prepare?: (context: { orm: MikroORM; logger: Logger }) => Promise<void>;
  /** Operations answered on `sv.<env>.api.<service>`; absent for services with no api subject. */
  operations?: (runtime: ServiceRuntime) => OperationTable;
  consumers?: (runtime: ServiceRuntime) => Promise<EventConsumer[]>;
}

export interface RuntimeOptions {
  config: BaseConfig;
  /** Port of the probe listener (/health/live, /health/ready); none when undefined. */
  healthPort?: number | undefined;
  /** Run the outbox relay in this process (default true). */
  relay?: boolean;
  logger?: Logger;
}

/**
 * Boots one service the same way every time: logger, database (migrated), NATS and the event
 * stream, the outbox relay, the operations in the service's queue group, its consumers and
 * its probe listener. main.ts and the tests both start services through here.
 */
export const startServiceRuntime = async (
  definition: ServiceDefinition,
  options: RuntimeOptions,
): Promise<ServiceRuntime> => {
  const { config } = options;
  const logger =
    options.logger ??
    createLogger({ service: definition.service, env: config.env, level: config.logLevel, pretty: config.logPretty });
  const orm = await openDatabase({
    url: config.databaseUrl,
    schema: definition.schema,
    entities: definition.entities,
    migrations: definition.migrations,
    logger,
  });
  if (definition.prepare) {
    try {
      await definition.prepare({ orm, logger });
    } catch (error) {
      await orm.close(true);
      throw error;
    }
  }
  const nc = await connectNats(busSettings(config), definition.service, `${definition.service}-${config.env}`, logger);
  await ensureEventStream(nc, config.subjectPrefix, { replicas: config.streamReplicas });
  const js = jetstream(nc);
  const relay = new OutboxRelay({ orm, js, schema: definition.schema, subjectPrefix: config.subjectPrefix, logger });
  if (options.relay !== false) relay.start();

  let rpc: RpcServer | undefined;
  let consumers: EventConsumer[] = [];
  let health: Server | undefined;

  const runtime: ServiceRuntime = {
    service: definition.service,
    config,
    logger,
    orm,
    nc,
    js,
    relay,
    async stop() {
      await rpc?.drain();
      await Promise.allSettled(consumers.map((consumer) => consumer.stop()));
      await relay.stop();
      if (!nc.isClosed()) await nc.drain().catch(() => nc.close());
      await orm.close(true);
      if (health) await new Promise<void>((resolve) => health?.close(() => resolve()));
    },
  };

  const readinessChecks = async () => ({ db: await pingDatabase(orm), nats: { ok: !nc.isClosed() } });
  if (definition.operations) {
    rpc = serveOperations({
      nc,
      subject: apiSubject(config.subjectPrefix, definition.service),
      queue: queueGroup(definition.service),
      operations: definition.operations(runtime),
      logger,
      service: definition.service,
      readiness: readinessChecks,
    });
  }
  if (definition.consumers) consumers = await definition.consumers(runtime);
  if (options.healthPort !== undefined) {
    health = await startHealthServer(
      options.healthPort,
      readinessChecks,
      config.probeHost,
    );
  }
  const healthAddress = health?.address();
  logger.info(
    { subject_prefix: config.subjectPrefix, ...(healthAddress && typeof healthAddress === 'object' ? { health_port: healthAddress.port } : {}) },
    `${definition.service} started`,
  );
  return runtime;
};
