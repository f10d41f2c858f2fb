import { Counter, Gauge } from 'prom-client';
import { metricsRegistry } from '../metrics/registry.ts';
import { scrapedGauge } from '../metrics/scraped-gauge.ts';

/* The work queue's metrics, by queue name (the owning table's work, e.g. ingestion-jobs). */

const registers = [metricsRegistry];

export const workQueueClaims = new Counter({
  name: 'sv_work_queue_claims_total',
  help: 'Items a worker claimed (each claim is one attempt), by queue.',
  labelNames: ['queue'],
  registers,
});

export const workQueueOutcomes = new Counter({
  name: 'sv_work_queue_outcomes_total',
  help: 'Ends of attempts, by queue and outcome (completed, retried, failed, dead, lease_lost, released).',
  labelNames: ['queue', 'outcome'],
  registers,
});

export const workQueueInFlight = new Gauge({
  name: 'sv_work_queue_in_flight_items',
  help: 'Items this process holds the lease of and is working on, by queue.',
  labelNames: ['queue'],
  registers,
});

export const workQueueBacklog = scrapedGauge(
  'sv_work_queue_backlog_items',
  'Items in a ready state that no worker holds (due now or waiting for their retry), by queue.',
  ['queue'],
);
