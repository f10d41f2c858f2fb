/*
 * Loaded before a service's main.ts (`node --import <this file> services/<name>/src/main.ts`): the
 * instrumentation of express, pg and node:http has to hook those modules before anything imports
 * them, which no code inside main.ts can do. With no OTLP endpoint configured it loads nothing more.
 */
import { configOrExit } from '../config/deployment-safety.ts';
import { readTracingConfig } from './tracing-config.ts';

const config = configOrExit(() => readTracingConfig());
if (config.tracesUrl) {
  const { startTracing } = await import('./start-tracing.ts');
  await startTracing(config);
}
