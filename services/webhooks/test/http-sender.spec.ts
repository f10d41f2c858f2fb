import { httpSender } from '../src/app/delivery/http-sender.ts';
import { startReceiver, type Receiver } from '@sv/testing';

/* The delivery POST against a real receiver on 127.0.0.1: redirects, excerpts, the address guard. */

let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver({
    ok: () => ({ status: 200, body: 'x'.repeat(5000) }),
    moved: () => ({ status: 302, headers: { location: '/ok/followed' } }),
    busy: () => ({ status: 429, headers: { 'retry-after': '7' } }),
  });
});

afterAll(() => receiver.close());

const send = (allowPrivateUrls: boolean) => httpSender({ timeoutMs: 30_000, allowPrivateUrls, userAgent: 'sv-webhooks/test', excerptBytes: 1024 });
const request = (url: string) => ({ url, body: '{"id":"e"}', headers: { 'content-type': 'application/json', 'X-Service-Event-Id': 'e' } });

describe('httpSender', () => {
  it('posts the body and headers and keeps the first 1 KB of the answer', async () => {
    const outcome = await send(true)(request(receiver.url('/ok/1')));
    expect(outcome).toMatchObject({ statusCode: 200, error: undefined });
    expect(outcome.excerpt).toBe('x'.repeat(1024));
    const [got] = receiver.at('/ok/1');
    expect(got!.raw).toBe('{"id":"e"}');
    expect(got!.headers['user-agent']).toBe('sv-webhooks/test');
  });

  it('does not follow a redirect: the 3xx is the outcome', async () => {
    const outcome = await send(true)(request(receiver.url('/moved/1')));
    expect(outcome).toMatchObject({ statusCode: 302, error: 'The receiver answered HTTP 302.' });
    expect(receiver.at('/ok/followed')).toEqual([]);
  });

  it('reports Retry-After', async () => {
    expect(await send(true)(request(receiver.url('/busy/1')))).toMatchObject({ statusCode: 429, retryAfter: '7' });
  });

  it('refuses loopback targets, by literal and by name, without connecting, unless private URLs are allowed', async () => {
    const before = receiver.received.length;
    const literal = await send(false)(request(receiver.url('/ok/guarded')));
    const named = await send(false)(request(receiver.url('/ok/guarded').replace('127.0.0.1', 'localhost')));
    for (const outcome of [literal, named]) {
      expect(outcome).toMatchObject({ statusCode: undefined, error: 'The target resolves to a refused (non-public) address.', refusedAddress: true });
    }
    expect(receiver.received.length).toBe(before);
  });

  it('reports a refused connection as a network error', async () => {
    const outcome = await send(true)(request('http://127.0.0.1:1/nothing'));
    expect(outcome.statusCode).toBeUndefined();
    expect(outcome.error).toBe('The connection was refused.');
    expect(outcome.refusedAddress).toBe(false);
  });
});
