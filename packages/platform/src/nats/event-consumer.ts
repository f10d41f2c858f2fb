import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { AckPolicy, DeliverPolicy, jetstream, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import {
  EventEnvelope,
  NatsHeader,
  eventStreamName,
  eventSubject,
  type EventDefinition,
} from '@sv/contracts';
import type { Logger } from '../log/logger.ts';
import type { z } from 'zod';
import { withRequestId } from '../log/request-context.ts';
import {
  consumerAckPending,
  consumerPending,
  consumerRedelivered,
  eventHandleDuration,
  eventRedeliveries,
  eventsConsumed,
} from '../metrics/kit-metrics.ts';
import { readAtMostEvery } from '../metrics/scraped-gauge.ts';
import type { Span } from '@opentelemetry/api';
import { SpanKind, inSpan, traceContextOf } from '../tracing/nats-trace.ts';
import { ensureEventStream } from './streams.ts';

export type ConsumedEvent<TData extends z.ZodType> = Omit<EventEnvelope, 'data'> & { data: z.output<TData> };

/**
 * Applies one event in the consumer's transaction. It may return work to run once that
 * transaction has committed (e.g. waking a worker that should see what was just written).
 */
export type EventHandler<TData extends z.ZodType> = (em: EntityManager, event: ConsumedEvent<TData>) => Promise<void | (() => void)>;

export interface EventConsumerOptions<TData extends z.ZodType> {
  nc: NatsConnection;
  orm: MikroORM;
  schema: string;
  subjectPrefix: string;
  /** Durable name; one per (service, purpose). Survives restarts and is shared by replicas. */
  durable: string;
  event: EventDefinition<TData>;
  handle: EventHandler<TData>;
  logger: Logger;
  /** Deliveries before a failing message is given up on (terminated and logged). */
  maxDeliver?: number;
  /** Redelivery delay after the n-th failure; the last entry repeats. */
  backoffMs?: number[];
}

export interface EventConsumer {
  stop(): Promise<void>;
}

const DEFAULT_BACKOFF_MS = [1_000, 5_000, 30_000, 120_000, 600_000];

type Outcome = { kind: 'applied'; afterCommit: void | (() => void) } | { kind: 'duplicate' };

/**
 * A durable JetStream consumer with explicit ack. Each message is parsed with its schema before
 * it is trusted (a poison message is terminated and logged), applied in one transaction together
 * with an inbox row (so a redelivery is recognised and not applied twice), and acked only after
 * that commit. A failing handler is retried with backoff up to maxDeliver.
 */
export const startEventConsumer = async <TData extends z.ZodType>(
  options: EventConsumerOptions<TData>,
): Promise<EventConsumer> => {
  const { nc, orm, schema, subjectPrefix, durable, event, handle, logger } = options;
  const maxDeliver = options.maxDeliver ?? 10;
  const backoff = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const stream = eventStreamName(subjectPrefix);
  const jsm = await ensureEventStream(nc, subjectPrefix);
  const config = {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: eventSubject(subjectPrefix, event.name),
    max_deliver: maxDeliver,
    ack_wait: nanos(60_000),
  };
  try {
    await jsm.consumers.add(stream, config);
  } catch {
    await jsm.consumers.update(stream, durable, {
      filter_subject: config.filter_subject,
      max_deliver: config.max_deliver,
      ack_wait: config.ack_wait,
    });
  }

  const consumer = await jetstream(nc).consumers.get(stream, durable);
  const messages: ConsumerMessages = await consumer.consume({ max_messages: 64 });
  const log = logger.child({ consumer: durable });

  const apply = async (parsed: ConsumedEvent<TData>): Promise<Outcome> =>
    orm.em.fork().transactional(async (em) => {
      const inserted = await em.execute<{ event_id: string }[]>(
        `insert into "${schema}"."inbox_message" ("consumer", "event_id", "received_at") values (?, ?, now())
          on conflict do nothing returning "event_id"`,
        [durable, parsed.id],
      );
      if (inserted.length === 0) return { kind: 'duplicate' };
      return { kind: 'applied', afterCommit: await handle(em, parsed) };
    });

  const counted = (outcome: string): void => {
    eventsConsumed.inc({ consumer: durable, event: event.name, outcome });
  };

  const process = async (msg: JsMsg, span: Span): Promise<void> => {
    if (msg.info.deliveryCount > 1) eventRedeliveries.inc({ consumer: durable });
    let parsed: ConsumedEvent<TData>;
    try {
      const envelope = EventEnvelope.parse(msg.json());
      parsed = { ...envelope, data: event.data.parse(envelope.data) };
      // A consumer of a wildcard (every event) names the span after the event it got.
      span.updateName(`process ${envelope.type}`);
      span.setAttribute('messaging.message.id', envelope.id);
    } catch (error) {
      log.error({ err: error, subject: msg.subject, seq: msg.seq }, 'poison message terminated: it does not match its schema');
      msg.term(); // no reason: NATS 2.9 ignores `+TERM <reason>`
      counted('poison');
      return;
    }
    const timer = eventHandleDuration.startTimer({ consumer: durable });
    try {
      const outcome = await apply(parsed);
      msg.ack();
      timer();
      counted(outcome.kind);
      if (outcome.kind === 'applied' && outcome.afterCommit) outcome.afterCommit();
      log.debug({ event_id: parsed.id, outcome: outcome.kind }, 'event consumed');
    } catch (error) {
      const deliveries = msg.info.deliveryCount;
      if (deliveries >= maxDeliver) {
        log.error({ err: error, event_id: parsed.id, deliveries }, 'event given up after max deliveries');
        msg.term();
        counted('given_up');
        return;
      }
      const delay = backoff[Math.min(deliveries - 1, backoff.length - 1)] ?? 1_000;
      log.warn({ err: error, event_id: parsed.id, deliveries, retry_in_ms: delay }, 'event handler failed; will retry');
      msg.nak(delay);
      counted('retry');
    }
  };

  // The server's view of this consumer, asked once per scrape for its three gauges.
  const serverView = readAtMostEvery(1_000, () => consumer.info(false));
  const sample = (read: (info: Awaited<ReturnType<typeof consumer.info>>) => number) => async () => [
    { labels: { consumer: durable }, value: read(await serverView()) },
  ];
  const removeSources = [
    consumerPending.addSource(sample((info) => info.num_pending)),
    consumerAckPending.addSource(sample((info) => info.num_ack_pending)),
    consumerRedelivered.addSource(sample((info) => info.num_redelivered)),
  ];

  const loop = (async () => {
    for await (const msg of messages) {
      const requestId = msg.headers?.get(NatsHeader.requestId) || undefined;
      // A consumer span under the publisher's, so what the handler does (queries, calls) joins the event's trace.
      const traced = () =>
        inSpan(
          `process ${event.name}`,
          { kind: SpanKind.CONSUMER, parent: traceContextOf(msg.headers), attributes: { 'messaging.system': 'nats', 'messaging.operation.type': 'process', 'messaging.consumer.group.name': durable } },
          (span) => process(msg, span),
        );
      await withRequestId(requestId, traced);
    }
  })();

  return {
    async stop() {
      for (const remove of removeSources) remove();
      await messages.close();
      await loop.catch(() => {});
    },
  };
};
