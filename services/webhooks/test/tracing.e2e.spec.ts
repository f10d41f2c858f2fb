import { randomBytes } from 'node:crypto';
import { apiClient, eventually, startOtlpReceiver, startPlatform, startReceiver, type OtlpReceiver, type Receiver, type TestPlatform } from '@sv/testing';

/*
 * Traces across the platform: a client's request carries a W3C traceparent into the gateway; the
 * same trace runs through the NATS request to the catalogue, its queries, the outbox's publish,
 * the webhooks consumer, and out to the receiver's webhook POST. Every service exports its spans
 * to a real OTLP/HTTP endpoint, and the gateway's access log line names the trace.
 */

const INTERNAL = 1;
const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

let platform: TestPlatform;
let otlp: OtlpReceiver;
let receiver: Receiver;
let api: ReturnType<typeof apiClient>;
let artistId: string;

beforeAll(async () => {
  otlp = await startOtlpReceiver();
  receiver = await startReceiver({ ok: () => ({ status: 200 }) });
  platform = await startPlatform({
    supplyChain: true,
    webhooks: true,
    env: {
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otlp.url,
      SV_TRACE_EXPORT_DELAY_MS: '100',
      SV_WEBHOOK_TICK_MS: '100',
    },
  });
  await platform.adminOk('tenant', 'create', '--slug', 'traced', '--name', 'Traced Label');
  const [key, artist] = await Promise.all([
    platform.adminOk('key', 'create', '--tenant', 'traced', '--role', 'owner', '--roster'),
    platform.adminOk('artist', 'create', '--tenant', 'traced', '--name', 'Traced Artist', '--slug', 'traced-artist'),
  ]);
  api = apiClient(platform.baseUrl, String(key.key));
  artistId = String(artist.artist.uuid);
}, 180_000);

afterAll(async () => {
  await platform?.stop();
  await receiver?.close();
  await otlp?.close();
}, 120_000);

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

describe('one trace from the API request to the webhook POST', () => {
  it('continues the caller’s trace through NATS, the outbox and the consumer, out to the receiver', async () => {
    const subscribed = await api('/v1/webhooks', { body: { name: 'Traced', url: receiver.url('/ok/traced'), events: ['release.*'] } });
    expect([subscribed.status, subscribed.text]).toEqual([201, expect.any(String)]);

    const traceId = hex(16);
    const callerSpanId = hex(8);
    const requestId = `trace-test-${hex(4)}`;
    const created = await api('/v1/releases', {
      body: { title: 'Traced Single', type: 'single', release_date: '2026-06-01', genre: 'Pop', artist_id: artistId },
      headers: { traceparent: `00-${traceId}-${callerSpanId}-01`, 'x-request-id': requestId },
    });
    expect(created.status).toBe(201);

    // The receiver's POST carries the same trace: the webhook's span is its parent.
    const delivered = await eventually('the webhook POST', () => receiver.at('/ok/traced').find((request) => JSON.parse(request.raw).type === 'release.created'));
    const sentParent = String(delivered.headers.traceparent);
    expect(sentParent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));

    const spansOfTrace = () => otlp.spans.filter((span) => span.traceId === traceId);
    const find = (service: string, kind: number, name: string) => spansOfTrace().find((span) => span.service === service && span.kind === kind && span.name === name);
    await eventually('the webhook POST span', () => find('webhooks', CLIENT, 'POST'));

    // Gateway: the HTTP server span is the caller's child; its NATS request is the server span's child.
    const gatewayServer = find('gateway', SERVER, 'POST /releases');
    expect(gatewayServer?.parentSpanId).toBe(callerSpanId);
    const gatewayCall = find('gateway', CLIENT, 'catalogue releases.create');
    expect(gatewayCall?.parentSpanId).toBe(gatewayServer?.spanId);

    // Catalogue: the operation's span under the gateway's request, its queries under it.
    const operation = find('catalogue', SERVER, 'catalogue releases.create');
    expect(operation?.parentSpanId).toBe(gatewayCall?.spanId);
    const queries = spansOfTrace().filter((span) => span.service === 'catalogue' && span.parentSpanId === operation?.spanId && span.attributes['db.system.name'] === 'postgresql');
    expect(queries.length).toBeGreaterThan(0);

    // The event: published by the catalogue's relay under the request's trace, consumed by webhooks.
    const published = find('catalogue', PRODUCER, 'publish release.created');
    expect(published).toBeDefined();
    const consumed = find('webhooks', CONSUMER, 'process release.created');
    expect(consumed?.parentSpanId).toBe(published?.spanId);

    // The delivery: under the consumer that queued it; the POST under the delivery's span.
    const delivery = find('webhooks', INTERNAL, 'webhook release.created');
    expect(delivery?.parentSpanId).toBe(consumed?.spanId);
    const post = find('webhooks', CLIENT, 'POST');
    expect(post?.parentSpanId).toBe(delivery?.spanId);
    expect(sentParent.split('-')[2]).toBe(post?.spanId);

    // The gateway's access line names the trace beside the request id.
    const access = await platform.gateways[0]!.process.waitForLog((line) => line.msg === 'request' && line.request_id === requestId);
    expect(access.trace_id).toBe(traceId);
  });

  it('leaves probes and metrics scrapes out of the traces', async () => {
    const before = otlp.spans.length;
    const health = await fetch(`${platform.baseUrl}/health`);
    expect(health.status).toBe(200);
    const created = await api('/v1/artists', { body: { name: 'Second Artist', slug: `second-${hex(3)}` } });
    expect(created.status).toBe(201);
    await eventually('the artist operation span', () => otlp.spans.slice(before).find((span) => span.service === 'catalogue' && span.name === 'catalogue artists.create'));
    expect(otlp.spans.filter((span) => span.kind === SERVER && String(span.attributes['url.path'] ?? span.attributes['http.target'] ?? '').startsWith('/health'))).toEqual([]);
  });
});
