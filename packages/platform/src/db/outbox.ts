import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { JetStreamClient } from '@nats-io/jetstream';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { API_REVISION, NatsHeader, eventSubject, type EventDefinition, type EventEnvelope } from '@sv/contracts';
import type { Logger } from '../log/logger.ts';
import type { z } from 'zod';
import { currentRequestId } from '../log/request-context.ts';
import { outboxBacklog, outboxLag, outboxPublishFailures, outboxPublished } from '../metrics/kit-metrics.ts';
import { readAtMostEvery } from '../metrics/scraped-gauge.ts';
import { wakeOnCommit, type CommitWake } from '../queue/commit-wake.ts';
import { withTimeout } from '../queue/timeout.ts';
import { startScheduledJob, type ScheduledJob } from '../scheduling/scheduled-job.ts';
import { SpanKind, currentTraceParent, inSpan, injectTraceHeaders, traceContextOfParent } from '../tracing/nats-trace.ts';
import { OutboxEvent } from './platform-entities.ts';

/**
 * Records an event in the outbox of the caller's unit of work. It is committed by the same
 * flush or transaction as the state change, so the event exists exactly when the change does.
 */
export const recordEvent = <TData extends z.ZodType>(
  em: EntityManager,
  definition: EventDefinition<TData>,
  tenantId: string | null,
  data: z.input<TData>,
): EventEnvelope => {
  const now = new Date();
  const envelope: EventEnvelope = {
    id: randomUUID(),
    type: definition.name,
    tenant_id: tenantId,
    occurred_at: now.toISOString(),
    api_version: API_REVISION,
    data: definition.data.parse(data) as Record<string, unknown>,
  };
  em.create(OutboxEvent, {
    id: envelope.id,
    type: envelope.type,
    tenantId,
    envelope,
    requestId: currentRequestId() ?? null,
    traceParent: currentTraceParent(),
    createdAt: now,
    publishedAt: null,
  });
  return envelope;
};

const OUTBOX_KEEP_DAYS = 7;
const INBOX_KEEP_DAYS = 31;
const HOUSEKEEPING_EVERY_MS = 10 * 60 * 1000;

interface PendingRow {
  id: string;
  type: string;
  envelope: EventEnvelope;
  request_id: string | null;
  trace_parent: string | null;
}

export interface OutboxRelayOptions {
  orm: MikroORM;
  js: JetStreamClient;
  schema: string;
  subjectPrefix: string;
  logger: Logger;
  intervalMs?: number;
  batchSize?: number;
  /** How long one publish may wait for JetStream's ack before the batch stops (its rows stay locked meanwhile). */
  publishTimeoutMs?: number;
}

/** What one batch came to: rows published, and the publish failure that stopped it, if one did. */
interface BatchOutcome {
  published: number;
  failure: unknown;
}

/**
 * Publishes outbox rows to JetStream with Nats-Msg-Id = event id, then marks them published.
 * Rows are claimed with SKIP LOCKED so relays of several replicas never publish the same row
 * at once; a crash between publish and mark re-publishes, which JetStream de-duplicates.
 */
export class OutboxRelay {
  readonly #options: Required<OutboxRelayOptions>;
  /** The publishing job, which a commit that wrote outbox rows wakes; the housekeeping job. */
  #relay: ScheduledJob | undefined;
  #housekeeping: ScheduledJob | undefined;
  #watcher: CommitWake | undefined;
  #removeGaugeSources: (() => void)[] = [];

  constructor(options: OutboxRelayOptions) {
    this.#options = { intervalMs: 1_000, batchSize: 100, publishTimeoutMs: 10_000, ...options };
  }

  start(): void {
    if (this.#relay) return;
    const { orm, intervalMs, batchSize, logger } = this.#options;
    // Not leased: every replica's relay publishes, sharing the rows through SKIP LOCKED. A batch
    // stopped by a failed publish fails the run, so the next waits the scheduled job's backoff
    // (the kit's one backoff) instead of knocking on an unavailable bus every interval.
    this.#relay = startScheduledJob({
      name: 'outbox-relay',
      intervalMs,
      lease: false,
      logger,
      run: async () => {
        const batch = await this.#publishBatch();
        if (batch.failure !== undefined) throw batch.failure;
        return batch.published >= batchSize;
      },
    });
    // A commit that wrote outbox rows wakes the relay: an event leaves within milliseconds of its
    // change while the timed poll stays slow, the safety net for every wake-up that never comes
    // (rows committed by another replica or process, or left by a failed publish).
    this.#watcher = wakeOnCommit(orm, [OutboxEvent], () => this.#relay?.wake());
    // Leased: one replica deleting the old rows is enough.
    this.#housekeeping = startScheduledJob({ name: 'outbox-housekeeping', intervalMs: HOUSEKEEPING_EVERY_MS, lease: { orm }, logger, run: () => this.housekeep() });
    const labels = { service: this.#options.schema };
    const backlog = readAtMostEvery(1_000, () => this.backlog());
    this.#removeGaugeSources = [
      outboxBacklog.addSource(async () => [{ labels, value: (await backlog()).count }]),
      outboxLag.addSource(async () => [{ labels, value: (await backlog()).ageSeconds }]),
    ];
  }

  /** Unpublished rows and the age of the oldest, read through the partial index on unpublished rows. */
  async backlog(): Promise<{ count: number; ageSeconds: number }> {
    const [row] = await this.#options.orm.em.fork().execute<{ count: number; age_seconds: number }[]>(
      `select count(*)::int as "count", coalesce(extract(epoch from now() - min("created_at")), 0)::float8 as "age_seconds"
        from "${this.#options.schema}"."outbox_event" where "published_at" is null`,
    );
    return { count: Number(row?.count ?? 0), ageSeconds: Math.max(0, Number(row?.age_seconds ?? 0)) };
  }

  async stop(): Promise<void> {
    // Silenced, so a stopped relay's watcher calls nothing; a new start() registers its own.
    this.#watcher?.stop();
    this.#watcher = undefined;
    for (const remove of this.#removeGaugeSources) remove();
    this.#removeGaugeSources = [];
    const jobs = [this.#relay, this.#housekeeping];
    this.#relay = undefined;
    this.#housekeeping = undefined;
    await Promise.all(jobs.map((job) => job?.stop()));
  }

  /** Publishes one batch; returns how many rows were published. */
  async publishBatch(): Promise<number> {
    return (await this.#publishBatch()).published;
  }

  async #publishBatch(): Promise<BatchOutcome> {
    const { orm, js, schema, subjectPrefix, batchSize, logger, publishTimeoutMs } = this.#options;
    const em = orm.em.fork();
    let failure: unknown;
    const count = await em.transactional(async (tx) => {
      const rows = await tx.execute<PendingRow[]>(
        `select "id", "type", "envelope", "request_id", "trace_parent" from "${schema}"."outbox_event"
          where "published_at" is null order by "created_at", "id" limit ? for update skip locked`,
        [batchSize],
      );
      const published: string[] = [];
      for (const row of rows) {
        const headers = natsHeaders();
        if (row.request_id) headers.set(NatsHeader.requestId, row.request_id);
        try {
          // Published as part of the trace that recorded the event, not of this relay tick.
          await inSpan(
            `publish ${row.type}`,
            { kind: SpanKind.PRODUCER, parent: traceContextOfParent(row.trace_parent), attributes: { 'messaging.system': 'nats', 'messaging.operation.type': 'send', 'messaging.message.id': row.id } },
            async () => {
              injectTraceHeaders(headers);
              const publishing = js.publish(eventSubject(subjectPrefix, row.type), JSON.stringify(row.envelope), { msgID: row.id, headers });
              await withTimeout(publishing, publishTimeoutMs, `publishing outbox event ${row.id}`);
            },
          );
          published.push(row.id);
        } catch (error) {
          // A publish that timed out may yet land: its retry carries the same msgID, which JetStream de-duplicates.
          logger.warn({ err: error, event_id: row.id }, 'outbox publish failed; will retry');
          outboxPublishFailures.inc({ service: schema });
          failure = error;
          break;
        }
      }
      if (published.length > 0) {
        await tx.execute(`update "${schema}"."outbox_event" set "published_at" = now() where "id" = any(?::uuid[])`, [
          `{${published.join(',')}}`,
        ]);
      }
      return published.length;
    });
    if (count > 0) outboxPublished.inc({ service: schema }, count);
    return { published: count, failure };
  }

  /**
   * Forgets what no longer matters: published outbox rows after a week, and inbox rows once
   * JetStream can no longer redeliver their message (the stream keeps events 30 days).
   */
  async housekeep(): Promise<void> {
    const { orm, schema } = this.#options;
    const em = orm.em.fork();
    await em.execute(`delete from "${schema}"."outbox_event" where "published_at" < now() - interval '${OUTBOX_KEEP_DAYS} days'`);
    await em.execute(`delete from "${schema}"."inbox_message" where "received_at" < now() - interval '${INBOX_KEEP_DAYS} days'`);
  }
}
