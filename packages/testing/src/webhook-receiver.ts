import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a test receiver got. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  eventId: string;
}

/** How a receiver answers: by the request and how many requests of this path and event came before it. */
export type Answer = (request: Received, earlier: number) => { status: number; headers?: Record<string, string>; body?: string; delayMs?: number };

export interface Receiver {
  url(path: string): string;
  received: Received[];
  /** Requests to `path` (exact), in arrival order. */
  at(path: string): Received[];
  close(): Promise<void>;
}

/**
 * A real HTTP receiver on 127.0.0.1. Paths start with the name of an answer (`/ok/…`,
 * `/flaky/…`); the rest of the path only tells subscriptions apart.
 */
export const startReceiver = async (answers: Record<string, Answer>): Promise<Receiver> => {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const request: Received = { path, headers: req.headers, raw: Buffer.concat(chunks).toString('utf8'), eventId: String(req.headers['x-service-event-id']) };
      const earlier = received.filter((seen) => seen.path === path && seen.eventId === request.eventId).length;
      received.push(request);
      const answer = answers[path.split('/')[1] ?? '']?.(request, earlier) ?? { status: 404 };
      const reply = () => res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers }).end(answer.body ?? `answered ${answer.status}`);
      if (answer.delayMs) setTimeout(reply, answer.delayMs).unref(); // never keeps a finished test run alive
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    at: (path) => received.filter((request) => request.path === path),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // receivers that never answer hold their connections open
      }),
  };
};

/**
 * Verifies X-Service-Signature as the spec tells receivers: HMAC-SHA256 with the secret over
 * `<t>.<raw body>`, compared in constant time, and t within 5 minutes of now.
 */
export const verifySignature = (secret: string, header: string | undefined, rawBody: string, nowSeconds = Date.now() / 1000): boolean => {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || typeof parts.v1 !== 'string' || Math.abs(nowSeconds - t) > 300) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex'));
  const given = Buffer.from(parts.v1);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

