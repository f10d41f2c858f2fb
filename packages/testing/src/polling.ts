import type { ApiResponse } from './api-client.ts';

/** Asks every `intervalMs` until `done` holds or `timeoutMs` has passed: the last answer, and whether it was done. */
const askUntil = async <T>(
  ask: () => Promise<T> | T,
  done: (answer: T) => boolean,
  timeoutMs: number,
  intervalMs: number,
): Promise<{ answer: T; done: boolean }> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await ask();
    if (done(answer)) return { answer, done: true };
    if (Date.now() > deadline) return { answer, done: false };
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
};

const truthyWithin = async <T>(what: string, probe: () => Promise<T> | T, timeoutMs: number, intervalMs: number): Promise<NonNullable<T>> => {
  const { answer, done } = await askUntil(probe, Boolean, timeoutMs, intervalMs);
  if (!done) throw new Error(`Timed out waiting for ${what}`);
  return answer as NonNullable<T>;
};

/**
 * Polls `probe` until it answers something truthy, or fails after `timeoutMs`. Generous by default:
 * it waits on work the platform does on its own time (consumers, relays, retries), which a loaded
 * two-core machine can hold up for many seconds; nothing here measures speed.
 */
export const eventually = <T>(what: string, probe: () => Promise<T> | T, timeoutMs = 40_000): Promise<NonNullable<T>> =>
  truthyWithin(what, probe, timeoutMs, 100);

/**
 * Polls `probe` once a second until it answers something truthy: gentle enough for the API's
 * rate limits (a test polls through the gateway as a client would).
 */
export const poll = <T>(what: string, probe: () => Promise<T> | T, timeoutMs = 60_000): Promise<NonNullable<T>> =>
  truthyWithin(what, probe, timeoutMs, 1_000);

/**
 * Asks again (every 50 ms) until `done` holds or `ms` has passed; the last answer either way. For
 * changes promised to apply within a bound (announcements to every gateway replica).
 */
export const answerWithin = async <TBody = any>(
  ms: number,
  ask: () => Promise<ApiResponse<TBody>>,
  done: (response: ApiResponse<TBody>) => boolean,
): Promise<ApiResponse<TBody>> => (await askUntil(ask, done, ms, 50)).answer;
