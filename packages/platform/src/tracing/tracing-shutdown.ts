/*
 * The SDK is started by the preload, outside the service's own module graph; the service's
 * shutdown reaches it through this process-wide slot to send the spans still buffered.
 */
const SLOT = Symbol.for('sv.tracing.shutdown');

type Slot = { [SLOT]?: () => Promise<void> };

export const setTracingShutdown = (shutdown: () => Promise<void>): void => {
  (globalThis as Slot)[SLOT] = shutdown;
};

/** Sends buffered spans and stops the exporter; nothing when tracing is off. */
export const shutdownTracing = async (): Promise<void> => {
  const shutdown = (globalThis as Slot)[SLOT];
  (globalThis as Slot)[SLOT] = undefined;
  if (shutdown) await shutdown().catch(() => undefined);
};

/** Whether this process started the SDK (the preload found an OTLP endpoint). */
export const tracingIsOn = (): boolean => (globalThis as Slot)[SLOT] !== undefined;
