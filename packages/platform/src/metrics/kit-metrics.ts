import { Counter, Histogram } from 'prom-client';
import { metricsRegistry } from './registry.ts';
import { scrapedGauge } from './scraped-gauge.ts';

/* The kit's metrics: every service gets these by running on the kit. Names are documented in docs/operations.md. */

/** Seconds; from a fast cached read to a slow report query. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const registers = [metricsRegistry];

export const httpRequests = new Counter({
  name: 'sv_http_requests_total',
  help: 'HTTP requests answered, by server, method, route (its registry path or operation) and status code.',
  labelNames: ['server', 'method', 'route', 'status'],
  registers,
});

export const httpRequestDuration = new Histogram({
  name: 'sv_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being written, by server, method and route.',
  labelNames: ['server', 'method', 'route'],
  buckets: LATENCY_BUCKETS,
  registers,
});

export const natsOperations = new Counter({
  name: 'sv_nats_operations_total',
  help: 'Service operations answered over NATS request/reply, by service, operation and reply status.',
  labelNames: ['service', 'operation', 'status'],
  registers,
});

export const natsOperationDuration = new Histogram({
  name: 'sv_nats_operation_duration_seconds',
  help: 'Time a service took to answer an operation, by service and operation.',
  labelNames: ['service', 'operation'],
  buckets: LATENCY_BUCKETS,
  registers,
});

export const serviceCalls = new Counter({
  name: 'sv_service_calls_total',
  help: 'Requests this process sent to other services over NATS, by service asked, operation and outcome (reply status, "timeout", "unreachable" or "error").',
  labelNames: ['service', 'operation', 'outcome'],
  registers,
});

export const serviceCallDuration = new Histogram({
  name: 'sv_service_call_duration_seconds',
  help: 'Round trip of a request to another service, by service asked and operation.',
  labelNames: ['service', 'operation'],
  buckets: LATENCY_BUCKETS,
  registers,
});

export const eventsConsumed = new Counter({
  name: 'sv_events_consumed_total',
  help: 'Events taken from JetStream by a durable consumer, by consumer, event and outcome (applied, duplicate, retry, given_up, poison).',
  labelNames: ['consumer', 'event', 'outcome'],
  registers,
});

export const eventRedeliveries = new Counter({
  name: 'sv_event_redeliveries_total',
  help: 'Deliveries of an event that JetStream had delivered before (after a failure, a timeout or a restart), by consumer.',
  labelNames: ['consumer'],
  registers,
});

export const eventHandleDuration = new Histogram({
  name: 'sv_event_handle_duration_seconds',
  help: 'Time to apply one event and commit it with its inbox row, by consumer.',
  labelNames: ['consumer'],
  buckets: LATENCY_BUCKETS,
  registers,
});

export const outboxPublished = new Counter({
  name: 'sv_outbox_events_published_total',
  help: 'Outbox events the relay published to JetStream, by service.',
  labelNames: ['service'],
  registers,
});

export const outboxPublishFailures = new Counter({
  name: 'sv_outbox_publish_failures_total',
  help: 'Relay batches that failed to publish (the rows stay and are retried), by service.',
  labelNames: ['service'],
  registers,
});

export const outboxBacklog = scrapedGauge('sv_outbox_backlog_events', 'Outbox events committed and not yet published, by service.', ['service']);

export const outboxLag = scrapedGauge(
  'sv_outbox_oldest_pending_age_seconds',
  'Age of the oldest unpublished outbox event (0 when none): how far the relay is behind, by service.',
  ['service'],
);

export const consumerPending = scrapedGauge(
  'sv_jetstream_consumer_pending_messages',
  'Messages in the stream that the durable consumer has not been delivered yet, by consumer.',
  ['consumer'],
);

export const consumerAckPending = scrapedGauge(
  'sv_jetstream_consumer_ack_pending_messages',
  'Messages delivered to the durable consumer and not acknowledged yet, by consumer.',
  ['consumer'],
);

export const consumerRedelivered = scrapedGauge(
  'sv_jetstream_consumer_redelivered_messages',
  'Messages JetStream is redelivering to the durable consumer right now, by consumer.',
  ['consumer'],
);
