import { Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's one metrics registry. A deployed process runs one service, so the registry is
 * the process's; Prometheus adds the pod and job labels itself.
 */
export const metricsRegistry = new Registry();

let runtimeMetricsOn = false;

/** Node's own metrics (CPU, memory, heap, event-loop lag, GC): switched on once a listener serves them. */
export const enableRuntimeMetrics = (): void => {
  if (runtimeMetricsOn) return;
  runtimeMetricsOn = true;
  collectDefaultMetrics({ register: metricsRegistry });
};

/** The exposition a scrape gets, with its content type. */
export const scrapeMetrics = async (): Promise<{ contentType: string; body: string }> => ({
  contentType: metricsRegistry.contentType,
  body: await metricsRegistry.metrics(),
});
