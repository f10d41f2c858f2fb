import { randomUUID } from 'node:crypto';
// Types only: the harness is loaded by chaos.ts once the run's bus is in the environment.
import type { ApiResponse, RequestOptions, apiRequest } from '@sv/testing';

/** The live gateways' base URLs; the fault run replaces a killed one with its successor. */
export interface GatewayPool {
  urls: string[];
}

export interface FailoverApi {
  <TBody = any>(path: string, options?: RequestOptions): Promise<ApiResponse<TBody>>;
}

/** Answers that say "not now" rather than "no": the request is sent again. */
const retryable = (response: ApiResponse): boolean =>
  response.status === 502 ||
  response.status === 503 ||
  response.status === 429 ||
  // A gateway killed mid-request leaves its Idempotency-Key in progress until it is abandoned (60 s).
  (response.status === 409 && /Idempotency-Key is still being processed/.test(response.text));

/**
 * A client as a load balancer in front of the gateways would make it: requests go round the pool,
 * a refused connection or a 502/503/429 is sent again to the next gateway (after Retry-After, or
 * half a second) until `patienceMs` runs out. A JSON write carries one Idempotency-Key for all its
 * attempts, so a write whose answer was lost is not done twice; an upload replaces its file, so
 * sending it again is harmless.
 */
export const failoverApi = (
  request: typeof apiRequest,
  pool: GatewayPool,
  key: string,
  patienceMs: number,
  onRetry: (why: string) => void,
): FailoverApi => {
  let next = 0;
  return async (path, options = {}) => {
    const method = options.method ?? (options.body === undefined && options.raw === undefined ? 'GET' : 'POST');
    const headers = { ...options.headers };
    if (method !== 'GET' && options.body !== undefined) headers['idempotency-key'] ??= randomUUID();
    const deadline = Date.now() + patienceMs;
    for (;;) {
      const url = pool.urls[next++ % pool.urls.length]!;
      let why: string;
      let waitMs = 500;
      try {
        const response = await request(url, path, { ...options, key, headers });
        if (!retryable(response)) return response;
        why = `${method} ${path}: ${response.status}`;
        const retryAfter = Number(response.headers.get('retry-after'));
        if (Number.isFinite(retryAfter) && retryAfter > 0) waitMs = retryAfter * 1000;
      } catch (error) {
        why = `${method} ${path}: ${(error as Error).cause ? String((error as { cause: unknown }).cause) : (error as Error).message}`;
      }
      if (Date.now() + waitMs > deadline) throw new Error(`gave up after ${patienceMs} ms: ${why}`);
      onRetry(why);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  };
};
