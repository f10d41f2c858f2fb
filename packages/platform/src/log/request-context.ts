import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with a request id every log line and outgoing NATS message will carry. */
export const withRequestId = <T>(requestId: string | undefined, fn: () => T): T =>
  storage.run({ requestId: requestId || newRequestId() }, fn);

export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

export const newRequestId = (): string => randomUUID();
