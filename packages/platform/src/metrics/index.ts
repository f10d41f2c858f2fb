export * from './registry.ts';
export * from './scraped-gauge.ts';
export * from './kit-metrics.ts';
export * from './http-metrics.ts';
export * from './exposition.ts';
