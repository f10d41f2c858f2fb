import { Agent as HttpAgent, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Request } from 'got';
import { literalAddressOf } from './address-policy.ts';
import { REFUSED_ADDRESS_CODE, guardedLookup } from './guarded-lookup.ts';

/** Sockets for one outbound exchange (its redirect hops included), never kept alive or shared. */
export interface OneShotAgents {
  http: HttpAgent;
  https: HttpsAgent;
  destroy(): void;
}

export const oneShotAgents = (): OneShotAgents => {
  const http = new HttpAgent({ keepAlive: false });
  const https = new HttpsAgent({ keepAlive: false });
  return {
    http,
    https,
    destroy() {
      http.destroy();
      https.destroy();
    },
  };
};

export interface GuardedRequestOptions {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  agents: OneShotAgents;
  /** Whether the exchange may connect to `address`; undefined allows any (local development). */
  isAllowedAddress: ((address: string) => boolean) | undefined;
}

export interface GuardedExchange {
  /** The got stream: read the body from it, and destroy it when done. */
  request: Request;
  response: IncomingMessage;
}

const refused = (address: string): Error => Object.assign(new Error(`${address} is a refused address`), { code: REFUSED_ADDRESS_CODE });

/** The response head of `request`, or its failure. */
const responseHeadOf = (request: Request): Promise<IncomingMessage> =>
  new Promise((resolve, reject) => {
    request.once('response', (response: IncomingMessage) => {
      // Later failures surface through the body's iterator; this keeps a late one from going unheard.
      request.on('error', () => undefined);
      resolve(response);
    });
    request.once('error', reject);
  });

/**
 * One HTTP exchange with got under the outbound address policy: the URL's IP literal, every
 * address its name resolves to and the socket actually connected are checked (a refusal fails
 * with code REFUSED_ADDRESS_CODE); redirects are never followed and got never retries. Resolves
 * at the response head.
 */
export const guardedRequest = async (url: URL, options: GuardedRequestOptions): Promise<GuardedExchange> => {
  const allowed = options.isAllowedAddress;
  const literal = literalAddressOf(url);
  if (allowed && literal !== undefined && !allowed(literal)) throw refused(literal);
  // Loaded on the first outbound request: most services never make one, and got is slow to load.
  const { default: got } = await import('got');
  const request = got.stream(url, {
    method: options.method,
    agent: { http: options.agents.http, https: options.agents.https },
    headers: options.headers,
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(allowed ? { dnsLookup: guardedLookup(allowed) } : {}),
    followRedirect: false,
    throwHttpErrors: false,
    retry: { limit: 0 },
    timeout: { request: options.timeoutMs },
  });
  try {
    const response = await responseHeadOf(request);
    const connected = response.socket?.remoteAddress;
    if (allowed && (connected === undefined || !allowed(connected))) throw refused(connected ?? url.hostname);
    return { request, response };
  } catch (error) {
    request.destroy();
    throw error;
  }
};
