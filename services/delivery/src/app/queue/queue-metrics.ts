import type { MikroORM } from '@mikro-orm/postgresql';
import { metricsRegistry, scrapedGauge } from '@sv/platform';
import { Counter, Histogram } from 'prom-client';

/* The delivery queue's metrics (documented in docs/operations.md). */

export const deliveryAttempts = new Counter({
  name: 'sv_delivery_attempts_total',
  help: 'Store delivery attempts, by kind (new, update, takedown) and outcome: sent, retry (another attempt is scheduled), failed (given up) or cancelled.',
  labelNames: ['kind', 'outcome'],
  registers: [metricsRegistry],
});

export const deliveryAttemptDuration = new Histogram({
  name: 'sv_delivery_attempt_duration_seconds',
  help: 'Time one delivery attempt took: building, validating and sending the bundle, by outcome.',
  labelNames: ['outcome'],
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
  registers: [metricsRegistry],
});

const depth = scrapedGauge('sv_delivery_queue_depth', 'Store deliveries not finished, by state: queued (waiting, due now or later) and sending.', ['state']);

/** Reads the queue at scrape time (through the queue's partial index); stop() takes the source away. */
export const watchDeliveryQueue = (orm: MikroORM): { stop(): Promise<void> } => {
  const remove = depth.addSource(async () => {
    const rows = await orm.em.fork().execute<{ state: string; count: number }[]>(
      `select "state", count(*)::int as "count" from "delivery"."delivery" where "state" in ('queued', 'sending') group by "state"`,
    );
    const counts = new Map(rows.map((row) => [row.state, Number(row.count)]));
    return ['queued', 'sending'].map((state) => ({ labels: { state }, value: counts.get(state) ?? 0 }));
  });
  return { stop: async () => void remove() };
};
