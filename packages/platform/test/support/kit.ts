import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';
import type { MikroORM } from '@mikro-orm/postgresql';
import { jetstream, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { API_REVISION, defineEvent, eventStreamName, type EventDefinition, type EventEnvelope } from '@sv/contracts';
import { connectNats, ensureEventStream, openDatabase, type NatsConnection } from '../../src/index.ts';
import { TEST_BUS, createTestDatabase, uniqueSubjectPrefix, type TestDatabase } from './isolation.ts';
import { z } from 'zod';
import { silentLogger } from './logging.ts';

export { captureLogger, silentLogger, type CapturedLogger } from './logging.ts';

/** The schema the kit tests own inside their private database. */
export const KIT_SCHEMA = 'kit_test';

/** A tiny state-changing entity: a widget row is the "state change" an event describes. */
export const Widget = defineEntity({
  name: 'Widget',
  tableName: 'widget',
  properties: {
    id: p.uuid().primary(),
    name: p.text(),
  },
});

/** The widget table, plus `applied_event`, where test handlers write what they applied. */
export const widgetMigration = (schema: string) => ({
  name: 'Migration20261201000000_widgets',
  class: class WidgetTables extends Migration {
    override up(): void {
      this.addSql(`create table if not exists "${schema}"."widget" ("id" uuid primary key, "name" text not null)`);
      this.addSql(`create table if not exists "${schema}"."applied_event" (
        "seq" bigserial primary key,
        "consumer" text not null,
        "event_id" uuid not null
      )`);
    }
  },
});

export const widgetEventData = z.object({ widget_id: z.uuid(), name: z.string().min(1) });

/** A widget event under a name of its own, so each test has its own subject and consumer filter. */
export const widgetEvent = (name = `widget.${randomUUID().slice(0, 8)}`): EventDefinition<typeof widgetEventData> =>
  defineEvent(name, widgetEventData);

/** A well-formed envelope, as the relay would publish it. */
export const envelopeFor = (
  definition: EventDefinition<z.ZodType>,
  data: Record<string, unknown>,
  overrides: Partial<EventEnvelope> = {},
): EventEnvelope => ({
  id: randomUUID(),
  type: definition.name,
  tenant_id: randomUUID(),
  occurred_at: new Date().toISOString(),
  api_version: API_REVISION,
  data,
  ...overrides,
});

export interface Deferred<T = void> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

export const deferred = <T = void>(): Deferred<T> => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
};

/**
 * Polls until `check` holds. This only bounds how long a test waits for something that must
 * happen; no assertion depends on how fast it happened.
 */
export const waitFor = async (check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`gave up waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

export interface Kit {
  db: TestDatabase;
  orm: MikroORM;
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  prefix: string;
  stream: string;
  schema: string;
  close(): Promise<void>;
}

/**
 * Real Postgres and NATS JetStream for one test file: a private database holding the kit's
 * schema (outbox, inbox, widgets) and a private subject prefix with its own event stream.
 */
export const openKit = async (): Promise<Kit> => {
  const db = await createTestDatabase('kit');
  const logger = silentLogger();
  const prefix = uniqueSubjectPrefix();
  let orm: MikroORM | undefined;
  let nc: NatsConnection | undefined;
  try {
    orm = await openDatabase({
      url: db.url,
      schema: KIT_SCHEMA,
      entities: [Widget],
      migrations: [widgetMigration(KIT_SCHEMA)],
      logger,
      poolMax: 8,
    });
    nc = await connectNats(TEST_BUS, 'catalogue', 'kit-test', logger);
    const jsm = await ensureEventStream(nc, prefix);
    const stream = eventStreamName(prefix);
    const openedOrm = orm;
    const openedNc = nc;
    return {
      db,
      orm: openedOrm,
      nc: openedNc,
      js: jetstream(openedNc),
      jsm,
      prefix,
      stream,
      schema: KIT_SCHEMA,
      async close() {
        await jsm.streams.delete(stream).catch(() => false);
        await openedNc.drain().catch(() => openedNc.close());
        await openedOrm.close(true);
        await db.drop();
      },
    };
  } catch (error) {
    await nc?.close().catch(() => {});
    await orm?.close(true).catch(() => {});
    await db.drop();
    throw error;
  }
};

/** Rows of a table of the kit's schema, read with plain SQL. */
export const query = async <T extends object>(kit: Kit, sql: string, params: unknown[] = []): Promise<T[]> =>
  kit.orm.em.fork().getConnection().execute<T[]>(sql, params);

/** How many messages the kit's stream holds (all subjects, or one). */
export const streamMessageCount = async (kit: Kit, subject?: string): Promise<number> => {
  const info = await kit.jsm.streams.info(kit.stream, subject ? { subjects_filter: subject } : {});
  if (!subject) return info.state.messages;
  return (info.state.subjects as Record<string, number> | undefined)?.[subject] ?? 0;
};

/** How many times the handlers of `consumer` applied `eventId` (rows they wrote and committed). */
export const appliedCount = async (kit: Kit, consumer: string, eventId: string): Promise<number> => {
  const rows = await query<{ n: string }>(
    kit,
    `select count(*) as "n" from "${kit.schema}"."applied_event" where "consumer" = ? and "event_id" = ?`,
    [consumer, eventId],
  );
  return Number(rows[0]?.n ?? 0);
};

export const inboxCount = async (kit: Kit, consumer: string, eventId: string): Promise<number> => {
  const rows = await query<{ n: string }>(
    kit,
    `select count(*) as "n" from "${kit.schema}"."inbox_message" where "consumer" = ? and "event_id" = ?`,
    [consumer, eventId],
  );
  return Number(rows[0]?.n ?? 0);
};
