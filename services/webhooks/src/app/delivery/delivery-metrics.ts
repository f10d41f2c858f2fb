import type { MikroORM } from '@mikro-orm/postgresql';
import { metricsRegistry, scrapedGauge } from '@sv/platform';
import { Counter } from 'prom-client';

/* The webhook delivery loop's metrics (documented in docs/operations.md). */

export const webhookAttempts = new Counter({
  name: 'sv_webhook_attempts_total',
  help: 'Webhook delivery attempts, by outcome: delivered, retry (another attempt is scheduled) or failed (given up).',
  labelNames: ['outcome'],
  registers: [metricsRegistry],
});

export const webhookRetries = new Counter({
  name: 'sv_webhook_retries_total',
  help: 'Webhook delivery attempts after the first for the same delivery.',
  registers: [metricsRegistry],
});

const queued = scrapedGauge('sv_webhook_deliveries_pending', 'Webhook deliveries waiting for their next attempt (due now or later).', []);

/** Reads the pending deliveries at scrape time; stop() takes the source away. */
export const watchWebhookQueue = (orm: MikroORM): { stop(): Promise<void> } => {
  const remove = queued.addSource(async () => {
    const [row] = await orm.em.fork().execute<{ count: number }[]>(`select count(*)::int as "count" from "webhooks"."delivery" where "status" = 'pending'`);
    return [{ labels: {}, value: Number(row?.count ?? 0) }];
  });
  return { stop: async () => void remove() };
};
