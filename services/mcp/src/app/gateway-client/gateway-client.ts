import type { Environment, HttpMethod } from '@sv/contracts';
import { gatewayUrl } from './gateway-url.ts';

export interface GatewayRequest {
  method: HttpMethod;
  /** The route's path with its parameters filled in, and the query string: `/releases?status=draft`. */
  target: string;
  headers: Record<string, string>;
  /** JSON text, or a multipart body streamed as it is read. */
  body?: string | AsyncIterable<Uint8Array>;
  /** Aborts the call when the MCP client cancels it. */
  signal?: AbortSignal;
}

/** What the gateway answered: its status, and its body parsed when JSON (null when empty). */
export interface GatewayAnswer {
  status: number;
  contentType: string;
  body: unknown;
}

/** The gateway could not be reached or did not answer in time; nothing is known of the outcome. */
export class GatewayUnreachableError extends Error {
  override name = 'GatewayUnreachableError';
}

export interface GatewayClientOptions {
  /** Base address per environment, version segment included (…/v1, …/api/v1). */
  urls: Record<Environment, string>;
  timeoutMs: number;
}

export interface GatewayClient {
  send(environment: Environment, request: GatewayRequest): Promise<GatewayAnswer>;
}

const parseBody = (text: string, contentType: string): unknown => {
  if (text === '') return null;
  if (!/[/+]json\b/i.test(contentType)) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const describeFailure = (error: unknown, timeoutMs: number): string => {
  if ((error as Error).name === 'TimeoutError') return `The API did not answer within ${timeoutMs / 1000} s.`;
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return `The API could not be reached${typeof cause?.code === 'string' ? ` (${cause.code})` : ''}.`;
};

/**
 * Calls the gateway as any API client would, over HTTP: the gateway authenticates, limits and
 * validates; this only carries the request there and the answer back.
 */
export const createGatewayClient = (options: GatewayClientOptions): GatewayClient => ({
  async send(environment, request) {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const url = gatewayUrl(options.urls[environment], request.target);
    try {
      const response = await fetch(url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal,
        redirect: 'manual',
        // A streamed body must say so; fetch otherwise refuses it.
        ...(request.body !== undefined && typeof request.body !== 'string' ? { duplex: 'half' } : {}),
      });
      const contentType = response.headers.get('content-type') ?? '';
      const text = await response.text();
      return { status: response.status, contentType, body: parseBody(text, contentType) };
    } catch (error) {
      throw new GatewayUnreachableError(describeFailure(error, options.timeoutMs), { cause: error });
    }
  },
});
