import { Gauge } from 'prom-client';
import { metricsRegistry } from './registry.ts';

export interface GaugeSample {
  labels: Record<string, string>;
  value: number;
}

/** Reads current values (a database count, a consumer's state) when Prometheus scrapes. */
export type GaugeSource = () => Promise<GaugeSample[]>;

export interface ScrapedGauge {
  /** Adds a source; the returned function removes it (a stopping runtime takes its sources away). */
  addSource(source: GaugeSource): () => void;
}

/**
 * A gauge whose value is read at scrape time from the sources that live components registered,
 * not kept up to date on every change. A source that fails leaves its series out of that scrape.
 */
export const scrapedGauge = (name: string, help: string, labelNames: string[]): ScrapedGauge => {
  const sources = new Set<GaugeSource>();
  new Gauge({
    name,
    help,
    labelNames,
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      const results = await Promise.allSettled([...sources].map((source) => source()));
      for (const result of results) {
        if (result.status !== 'fulfilled') continue;
        for (const sample of result.value) this.set(sample.labels, sample.value);
      }
    },
  });
  return {
    addSource(source) {
      sources.add(source);
      return () => sources.delete(source);
    },
  };
};

/**
 * One read shared by the gauges that sample the same thing in one scrape (and by scrapes closer
 * together than `ms`): a backlog count, a consumer's info from the server.
 */
export const readAtMostEvery = <T>(ms: number, read: () => Promise<T>): (() => Promise<T>) => {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > ms) last = { at: Date.now(), value: read() };
    return last.value;
  };
};
