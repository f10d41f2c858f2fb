export * from './nats-trace.ts';
export { shutdownTracing, tracingIsOn } from './tracing-shutdown.ts';
