import { metricsRegistry, scrapedGauge } from '@sv/platform';
import { Counter } from 'prom-client';
import type { ResponseCache } from './response-cache.ts';

/* The cached reads' metrics (documented in docs/operations.md). */

export const cachedReads = new Counter({
  name: 'sv_gateway_cached_reads_total',
  help: 'Requests of cached read routes, by result: hit (answered from the cache), miss (asked the catalogue) or fresh (the client sent Cache-Control: no-cache).',
  labelNames: ['result'],
  registers: [metricsRegistry],
});

const held = scrapedGauge('sv_gateway_response_cache_bytes', 'Bytes of answers the gateway process holds for cached reads.', []);

/** Reports `cache`'s size at scrape time; stop() takes the source away. */
export const watchResponseCache = (cache: ResponseCache): { stop(): void } => {
  const remove = held.addSource(async () => [{ labels: {}, value: cache.bytes }]);
  return { stop: () => void remove() };
};
