import type { JetStreamManager } from '@nats-io/jetstream';
import { eventStreamName, eventSubject } from '@sv/contracts';
import type pg from 'pg';

/** One event as its producer recorded it, in its outbox. */
export interface RecordedEvent {
  id: string;
  type: string;
  tenantId: string | null;
  schema: string;
  recordedAt: Date;
  published: boolean;
}

export interface ConsumerCount {
  consumer: string;
  filter: string;
  /** Events whose subject its filter takes. */
  expected: number;
  /** Of those, applied (an inbox row, written in the transaction of the effect). */
  applied: number;
  /** Expected and not applied. */
  missing: string[];
  /** Inbox rows for events no producer recorded, or the same event applied twice. */
  doubled: number;
}

const NAME = /^[a-z_][a-z0-9_-]*$/;

/** Schemas holding `table`: every service's own, as each keeps an outbox and an inbox. */
const schemasWith = async (db: pg.Client, table: string): Promise<string[]> =>
  (await db.query<{ schema: string }>(`select table_schema as "schema" from information_schema.tables where table_name = $1 order by 1`, [table])).rows
    .map((row) => row.schema)
    .filter((schema) => NAME.test(schema));

/** Every event every service recorded: the ground truth the rest is counted against. */
export const recordedEvents = async (db: pg.Client): Promise<RecordedEvent[]> => {
  const events: RecordedEvent[] = [];
  for (const schema of await schemasWith(db, 'outbox_event')) {
    const { rows } = await db.query<{ id: string; type: string; tenant_id: string | null; created_at: Date; published: boolean }>(
      `select "id", "type", "tenant_id", "created_at", "published_at" is not null as "published" from "${schema}"."outbox_event"`,
    );
    for (const row of rows) events.push({ id: row.id, type: row.type, tenantId: row.tenant_id, schema, recordedAt: row.created_at, published: row.published });
  }
  return events;
};

/** Unpublished outbox rows across the services: zero once every relay has caught up. */
export const unpublishedCount = async (db: pg.Client): Promise<number> => {
  let total = 0;
  for (const schema of await schemasWith(db, 'outbox_event')) {
    total += Number((await db.query<{ n: string }>(`select count(*) as "n" from "${schema}"."outbox_event" where "published_at" is null`)).rows[0]!.n);
  }
  return total;
};

/** NATS subject matching: `*` takes one token, `>` the rest. */
export const subjectMatches = (filter: string, subject: string): boolean => {
  const wanted = filter.split('.');
  const actual = subject.split('.');
  for (let i = 0; i < wanted.length; i++) {
    if (wanted[i] === '>') return actual.length > i;
    if (i >= actual.length || (wanted[i] !== '*' && wanted[i] !== actual[i])) return false;
  }
  return wanted.length === actual.length;
};

interface DurableConsumer {
  name: string;
  filter: string;
  pending: number;
}

/** The stream's durable consumers, their filters and what JetStream still holds for them. */
export const durableConsumers = async (jsm: JetStreamManager, prefix: string): Promise<DurableConsumer[]> => {
  const consumers: DurableConsumer[] = [];
  for await (const info of jsm.consumers.list(eventStreamName(prefix))) {
    consumers.push({ name: info.name, filter: info.config.filter_subject ?? '>', pending: info.num_pending + info.num_ack_pending });
  }
  return consumers;
};

/**
 * Per durable consumer: of the events its filter takes, which were applied (its inbox rows, in
 * whichever service schema keeps them), which never were, and how many were applied for events
 * nobody recorded or more than once.
 */
export const countConsumers = async (db: pg.Client, jsm: JetStreamManager, prefix: string, events: RecordedEvent[]): Promise<ConsumerCount[]> => {
  const inbox = new Map<string, string[]>();
  for (const schema of await schemasWith(db, 'inbox_message')) {
    const { rows } = await db.query<{ consumer: string; event_id: string }>(`select "consumer", "event_id" from "${schema}"."inbox_message"`);
    for (const row of rows) inbox.set(row.consumer, [...(inbox.get(row.consumer) ?? []), row.event_id]);
  }
  const recorded = new Set(events.map((event) => event.id));
  return (await durableConsumers(jsm, prefix)).map(({ name, filter }) => {
    const expected = events.filter((event) => subjectMatches(filter, eventSubject(prefix, event.type)));
    const appliedIds = inbox.get(name) ?? [];
    const applied = new Set(appliedIds);
    return {
      consumer: name,
      filter,
      expected: expected.length,
      applied: expected.filter((event) => applied.has(event.id)).length,
      missing: expected.filter((event) => !applied.has(event.id)).map((event) => event.id),
      doubled: appliedIds.length - applied.size + [...applied].filter((id) => !recorded.has(id)).length,
    };
  });
};
