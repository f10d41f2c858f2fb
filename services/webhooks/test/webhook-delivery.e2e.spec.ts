import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { API_REVISION } from '@sv/contracts';
import { sampleOf } from '@sv/platform';
import { apiClient, eventually, scrapeServiceMetrics, startPlatform, startReceiver, verifySignature, type Receiver, type TestPlatform } from '@sv/testing';

/*
 * Delivery end to end: real catalogue actions through the gateway make events, the webhooks
 * service fans them out and posts them, signed, to a real HTTP receiver on 127.0.0.1, on a
 * compressed retry schedule (200 ms base, 3 s window, 100 ms tick).
 */

type Api = ReturnType<typeof apiClient>;
type Attempt = { uuid: string; created_at: string; event_id: string; event_type: string; attempt: number; status_code: number | null; next_retry_at: string | null; error: string | null };

let platform: TestPlatform;
let db: pg.Client;
let receiver: Receiver;
/** Tenant A: an owner key with the roster, and an artist. Tenant B: an owner key and an artist. */
const a = { api: {} as Api, artist: '' };
const b = { api: {} as Api, artist: '' };

const tenantWorld = async (slug: string) => {
  await platform.adminOk('tenant', 'create', '--slug', slug, '--name', `Label ${slug}`);
  const [key, artist] = await Promise.all([
    platform.adminOk('key', 'create', '--tenant', slug, '--role', 'owner', '--roster'),
    platform.adminOk('artist', 'create', '--tenant', slug, '--name', `Artist ${slug}`, '--slug', `artist-${slug}`),
  ]);
  return { api: apiClient(platform.baseUrl, String(key.key)), artist: String(artist.artist.uuid) };
};

const subscribe = async (api: Api, path: string, events: string[]): Promise<{ uuid: string; secret: string }> => {
  const response = await api('/v1/webhooks', { body: { name: `Hook ${path}`, url: receiver.url(path), events } });
  if (response.status !== 201) throw new Error(`subscribe failed: ${response.status} ${response.text}`);
  return response.body.webhook;
};

const expectOk = (response: { status: number; text: string }, what: string) => {
  if (response.status !== 200 && response.status !== 201) throw new Error(`${what} failed: ${response.status} ${response.text}`);
};

/** A release of the tenant with a track and a store: ready to submit. */
const readyRelease = async (world: { api: Api; artist: string }, title: string): Promise<string> => {
  const created = await world.api('/v1/releases', { body: { title, type: 'single', release_date: '2026-06-01', genre: 'Pop', artist_id: world.artist } });
  expectOk(created, 'release create');
  const id = String(created.body.release.uuid);
  expectOk(await world.api(`/v1/releases/${id}/tracks`, { body: { title: 'Track 1', position: 1, explicit: false } }), 'track create');
  expectOk(await world.api(`/v1/releases/${id}/dsps`, { body: { dsps: ['spotify'] } }), 'store add');
  return id;
};

/** Submit then reject: one release.rejected event. */
const submitAndReject = async (api: Api, releaseId: string, reason: string): Promise<void> => {
  expectOk(await api(`/v1/releases/${releaseId}/submit`, { method: 'POST' }), 'submit');
  expectOk(await api(`/v1/releases/${releaseId}/reject`, { body: { reason } }), 'reject');
};

const attemptsOf = async (api: Api, webhookId: string, query = 'per_page=100'): Promise<Attempt[]> => {
  const response = await api(`/v1/webhooks/${webhookId}/deliveries?${query}`);
  expect(response.status).toBe(200);
  return response.body.deliveries;
};

const sendTest = async (api: Api, webhookId: string): Promise<string> => {
  const response = await api(`/v1/webhooks/${webhookId}/test`, { method: 'POST' });
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ message: 'Test event queued for delivery.', event_id: expect.any(String) });
  return String(response.body.event_id);
};

const countsByEvent = (path: string): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const request of receiver.at(path)) counts.set(request.eventId, (counts.get(request.eventId) ?? 0) + 1);
  return counts;
};

const statusesOf = async (webhookId: string): Promise<string[]> =>
  (await db.query<{ status: string }>('select status from webhooks.delivery where subscription_id = $1', [webhookId])).rows.map((row) => row.status);

beforeAll(async () => {
  receiver = await startReceiver({
    ok: () => ({ status: 200 }),
    // Slower than several worker ticks: a claim that did not hold would be sent again meanwhile.
    slow: () => ({ status: 200, delayMs: 400 }),
    flaky: (_request, earlier) => (earlier === 0 ? { status: 500, body: 'try again' } : { status: 200 }),
    never: () => ({ status: 500, body: 'still broken' }),
    gone: () => ({ status: 410 }),
    // Never answers: the sender's timeout ends each attempt.
    silent: () => ({ status: 200, delayMs: 600_000 }),
    busy: (_request, earlier) => (earlier === 0 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200 }),
  });
  platform = await startPlatform({
    supplyChain: true,
    webhooks: true,
    env: { SV_WEBHOOK_RETRY_BASE_MS: '200', SV_WEBHOOK_RETRY_WINDOW_MS: '3000', SV_WEBHOOK_TICK_MS: '100', SV_WEBHOOK_TIMEOUT_MS: '1000' },
  });
  const suffix = randomBytes(2).toString('hex');
  Object.assign(a, await tenantWorld(`dl-a-${suffix}`));
  Object.assign(b, await tenantWorld(`dl-b-${suffix}`));
  db = new pg.Client({ connectionString: platform.db.url });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await platform?.stop();
  await receiver?.close();
}, 180_000);

describe('events from the catalogue', () => {
  it("delivers a tenant's matching events, signed, and never another tenant's", async () => {
    const hookA = await subscribe(a.api, '/ok/a', ['release.rejected', 'release.qc_pending']);
    const hookB = await subscribe(b.api, '/ok/b', ['release.*']);
    const releaseId = await readyRelease(a, 'Signed');
    await submitAndReject(a.api, releaseId, 'Fix the cover.');
    expectOk(await a.api(`/v1/releases/${releaseId}/submit`, { method: 'POST' }), 'resubmit');
    expectOk(await a.api(`/v1/releases/${releaseId}/approve`, { method: 'POST' }), 'approve');

    await eventually('both events at A', () => receiver.at('/ok/a').length >= 2);
    const ofType = (type: string) => receiver.at('/ok/a').find((request) => JSON.parse(request.raw).type === type);
    const [rejected, qcPending] = [ofType('release.rejected'), ofType('release.qc_pending')];
    for (const request of [rejected!, qcPending!]) {
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['user-agent']).toMatch(/^sv-webhooks/);
      expect(verifySignature(hookA.secret, request.headers['x-service-signature'] as string, request.raw)).toBe(true);
      expect(verifySignature(hookB.secret, request.headers['x-service-signature'] as string, request.raw)).toBe(false);
      expect(request.headers['x-service-delivery-attempt']).toBe('1');
      expect(JSON.parse(request.raw).id).toBe(request.eventId);
    }
    expect(JSON.parse(rejected!.raw)).toEqual({
      id: rejected!.eventId,
      type: 'release.rejected',
      created_at: expect.any(String),
      api_version: API_REVISION,
      data: { release_id: releaseId, title: 'Signed', reason: 'Fix the cover.' },
    });
    expect(JSON.parse(qcPending!.raw)).toMatchObject({ type: 'release.qc_pending', data: { release_id: releaseId } });

    // B subscribed to everything about releases, but these were A's.
    // An attempt is logged once its response is in, which can be after the receiver has counted it.
    const log = await eventually('both attempts logged', async () => {
      const attempts = await attemptsOf(a.api, hookA.uuid);
      return attempts.length >= 2 ? attempts : undefined;
    });
    // Both may be sent in the same tick, so their order in the log is not asserted.
    expect(log.map((entry) => [entry.event_type, entry.status_code, entry.next_retry_at]).sort()).toEqual([
      ['release.qc_pending', 200, null],
      ['release.rejected', 200, null],
    ]);
    expect(receiver.at('/ok/b')).toEqual([]);
    expect(await attemptsOf(b.api, hookB.uuid)).toEqual([]);
    // The attempt log and the test route are the owner's only.
    expect((await b.api(`/v1/webhooks/${hookA.uuid}/deliveries`)).status).toBe(404);
    expect((await b.api(`/v1/webhooks/${hookA.uuid}/test`, { method: 'POST' })).status).toBe(404);
  });
});

describe('subscriptions and history', () => {
  it('never sends a subscription events that happened before it was created', async () => {
    const releaseId = await readyRelease(a, 'Before');
    await submitAndReject(a.api, releaseId, 'Too early.');
    // The rejection is in the outbox (and on its way to the stream) before anyone subscribes.
    const late = await subscribe(a.api, '/ok/late', ['release.rejected', 'release.qc_pending']);
    expectOk(await a.api(`/v1/releases/${releaseId}/submit`, { method: 'POST' }), 'resubmit');
    expectOk(await a.api(`/v1/releases/${releaseId}/approve`, { method: 'POST' }), 'approve');

    // The attempt is logged once the receiver has answered: wait for the log, then compare both.
    const log = await eventually('the later event in the attempt log', async () => {
      const entries = await attemptsOf(a.api, late.uuid);
      return entries.length >= 1 ? entries : undefined;
    });
    expect(log.map((entry) => entry.event_type)).toEqual(['release.qc_pending']);
    expect(receiver.at('/ok/late').map((request) => JSON.parse(request.raw).type)).toEqual(['release.qc_pending']);
  });
});

describe('retries', () => {
  it('sends again after a 500, with the same event id and a fresh signature', async () => {
    const hook = await subscribe(a.api, '/flaky/1', ['video.created']);
    const eventId = await sendTest(a.api, hook.uuid);
    await eventually('the second attempt', () => receiver.at('/flaky/1').length >= 2);
    const [first, second] = receiver.at('/flaky/1');
    expect([first!.eventId, second!.eventId]).toEqual([eventId, eventId]);
    expect([first!.headers['x-service-delivery-attempt'], second!.headers['x-service-delivery-attempt']]).toEqual(['1', '2']);
    expect(second!.raw).toBe(first!.raw);
    expect(verifySignature(hook.secret, second!.headers['x-service-signature'] as string, second!.raw)).toBe(true);
    expect(JSON.parse(second!.raw)).toMatchObject({ type: 'webhook.test', data: { webhook_id: hook.uuid, message: 'This is a test event.' } });

    const log = await eventually('both attempts logged', async () => {
      const entries = await attemptsOf(a.api, hook.uuid);
      return entries.length === 2 ? entries : undefined;
    });
    expect(log.map((entry) => [entry.attempt, entry.status_code])).toEqual([[2, 200], [1, 500]]);
    expect(log[0]!.next_retry_at).toBeNull();
    expect(log[1]!.next_retry_at).not.toBeNull();
    expect(log[1]!.error).toBe('The receiver answered HTTP 500.');

    // The operators' view of the same: attempts by outcome, the retry, and the gateway's answers by route.
    const webhooks = await scrapeServiceMetrics(platform.webhooks!);
    expect(sampleOf(webhooks, 'sv_webhook_attempts_total', { outcome: 'retry' })).toBeGreaterThanOrEqual(1);
    expect(sampleOf(webhooks, 'sv_webhook_attempts_total', { outcome: 'delivered' })).toBeGreaterThanOrEqual(1);
    expect(sampleOf(webhooks, 'sv_webhook_retries_total')).toBeGreaterThanOrEqual(1);
    expect(sampleOf(webhooks, 'sv_webhook_deliveries_pending')).toEqual(expect.any(Number));
    expect(sampleOf(webhooks, 'sv_nats_operations_total', { service: 'webhooks', operation: 'webhooks.create', status: '201' })).toBeGreaterThanOrEqual(1);
    const gateway = await scrapeServiceMetrics(platform.gateways[0]!.process);
    expect(sampleOf(gateway, 'sv_http_requests_total', { server: 'gateway-production', method: 'POST', route: '/webhooks', status: '201' })).toBeGreaterThanOrEqual(1);
    expect(sampleOf(gateway, 'sv_service_calls_total', { service: 'webhooks', operation: 'webhooks.create', outcome: '201' })).toBeGreaterThanOrEqual(1);
  });

  it("waits at least a 429's Retry-After before the next attempt", async () => {
    const hook = await subscribe(a.api, '/busy/1', ['video.created']);
    await sendTest(a.api, hook.uuid);
    const log = await eventually('the retry after the wait', async () => {
      const entries = await attemptsOf(a.api, hook.uuid);
      return entries.length === 2 ? entries : undefined;
    });
    expect(log.map((entry) => entry.status_code)).toEqual([200, 429]);
    const first = log[1]!;
    expect(Date.parse(first.next_retry_at!) - Date.parse(first.created_at)).toBeGreaterThanOrEqual(1_000);
  });

  it('gives up after the retry window, every attempt in the log', async () => {
    const hook = await subscribe(a.api, '/never/1', ['video.created']);
    await sendTest(a.api, hook.uuid);
    await eventually('the delivery to fail', async () => (await statusesOf(hook.uuid)).includes('failed'), 20_000);
    const log = await attemptsOf(a.api, hook.uuid);
    expect(log.length).toBeGreaterThanOrEqual(2);
    expect(log.length).toBe(receiver.at('/never/1').length);
    expect(log.every((entry) => entry.status_code === 500)).toBe(true);
    expect(log.map((entry) => entry.attempt)).toEqual(log.map((_, index) => log.length - index));
    expect(log[0]!.next_retry_at).toBeNull();
    expect(log.slice(1).every((entry) => entry.next_retry_at !== null)).toBe(true);
  });

  it('retries a receiver that never answers after each timeout, then marks the delivery failed', async () => {
    const hook = await subscribe(a.api, '/silent/1', ['video.created']);
    await sendTest(a.api, hook.uuid);
    await eventually('the delivery to fail', async () => (await statusesOf(hook.uuid)).includes('failed'), 20_000);
    const log = await attemptsOf(a.api, hook.uuid);
    expect(log.length).toBeGreaterThanOrEqual(2);
    expect(log.length).toBe(receiver.at('/silent/1').length);
    expect(log.every((entry) => entry.status_code === null && typeof entry.error === 'string' && entry.error !== '')).toBe(true);
    expect(log[0]!.next_retry_at).toBeNull();
  });

  it('410 Gone ends the subscription: it is deactivated and gets nothing more', async () => {
    const hook = await subscribe(a.api, '/gone/1', ['video.created']);
    await sendTest(a.api, hook.uuid);
    await eventually('the subscription to be deactivated', async () => (await a.api(`/v1/webhooks/${hook.uuid}`)).body.webhook.is_active === false);
    expect(await statusesOf(hook.uuid)).toEqual(['failed']);
    await sendTest(a.api, hook.uuid);
    await eventually('the second delivery to settle', async () => (await statusesOf(hook.uuid)).every((status) => status === 'failed') && (await statusesOf(hook.uuid)).length === 2);
    expect(receiver.at('/gone/1')).toHaveLength(1);
    const log = await attemptsOf(a.api, hook.uuid);
    expect(log.map((entry) => entry.status_code)).toEqual([null, 410]);
    expect(log[0]!.error).toMatch(/inactive/);
  });
});

describe('secrets', () => {
  it('signs with the regenerated secret at once; the old one no longer verifies', async () => {
    const hook = await subscribe(a.api, '/ok/regen', ['video.created']);
    const regenerated = await a.api(`/v1/webhooks/${hook.uuid}/regenerate-secret`, { method: 'POST' });
    expect(regenerated.status).toBe(200);
    await sendTest(a.api, hook.uuid);
    const [request] = await eventually('the test event', () => (receiver.at('/ok/regen').length > 0 ? receiver.at('/ok/regen') : undefined));
    const signature = request!.headers['x-service-signature'] as string;
    expect(verifySignature(regenerated.body.webhook.secret, signature, request!.raw)).toBe(true);
    expect(verifySignature(hook.secret, signature, request!.raw)).toBe(false);
  });
});

describe('an unopenable secret', () => {
  it('sends nothing unsigned: the attempt fails with the reason and is retried within the window', async () => {
    const hook = await subscribe(a.api, '/ok/sealed', ['video.created']);
    await db.query(`update webhooks.webhook set secret_sealed = 'v1.AAAA.AAAA.AAAA' where id = $1`, [hook.uuid]);
    await sendTest(a.api, hook.uuid);
    const [first] = await eventually('the first attempt', async () => {
      const entries = await attemptsOf(a.api, hook.uuid);
      return entries.length > 0 ? entries.slice(-1) : undefined;
    });
    expect(first).toMatchObject({ attempt: 1, status_code: null, error: expect.stringMatching(/signing secret could not be opened/) });
    expect(first!.next_retry_at).not.toBeNull();
    expect(receiver.at('/ok/sealed')).toEqual([]);
  });
});

describe('the attempt log', () => {
  it('pages newest first in offset and cursor mode', async () => {
    const hook = await subscribe(a.api, '/ok/log', ['video.created']);
    const sent = [await sendTest(a.api, hook.uuid), await sendTest(a.api, hook.uuid), await sendTest(a.api, hook.uuid)];
    const all = await eventually('three attempts', async () => {
      const entries = await attemptsOf(a.api, hook.uuid);
      return entries.length === 3 ? entries : undefined;
    });
    expect(new Set(all.map((entry) => entry.event_id))).toEqual(new Set(sent));
    const firstPage = await a.api(`/v1/webhooks/${hook.uuid}/deliveries?per_page=2`);
    expect(firstPage.body).toMatchObject({ total: 3, meta: { mode: 'offset', last_page: 2 } });
    expect(firstPage.body.deliveries.map((entry: Attempt) => entry.uuid)).toEqual(all.slice(0, 2).map((entry) => entry.uuid));
    const cursor = await a.api(`/v1/webhooks/${hook.uuid}/deliveries?per_page=2&mode=cursor`);
    expect(cursor.body.meta).toMatchObject({ mode: 'cursor', has_more: true });
    const next = await a.api(`/v1/webhooks/${hook.uuid}/deliveries?per_page=2&cursor=${cursor.body.meta.next_cursor}`);
    expect(next.body.deliveries.map((entry: Attempt) => entry.uuid)).toEqual([all[2]!.uuid]);
  });
});

describe('a slow receiver', () => {
  it('does not hold up deliveries to other subscriptions', async () => {
    const slow = await subscribe(a.api, '/slow/hold', ['video.created']);
    const fast = await subscribe(a.api, '/ok/fast', ['video.created']);
    // Six deliveries of 400 ms each to one subscription, at most two at a time: over a second.
    await Promise.all(Array.from({ length: 6 }, () => sendTest(a.api, slow.uuid)));
    await sendTest(a.api, fast.uuid);
    await eventually('the fast receiver served', () => receiver.at('/ok/fast').length === 1);
    const slowSettled = (await statusesOf(slow.uuid)).filter((status) => status === 'delivered').length;
    expect(slowSettled).toBeLessThan(6);
    await eventually('the slow receiver served too', async () => (await statusesOf(slow.uuid)).every((status) => status === 'delivered'));
  });
});

describe('restarts and replicas', () => {
  it('delivers events produced while the service was stopped, each exactly once, after it starts again', async () => {
    const hook = await subscribe(a.api, '/ok/restart', ['release.rejected']);
    const releaseId = await readyRelease(a, 'Restart');
    await platform.webhooks!.stop();
    for (const round of [1, 2, 3]) await submitAndReject(a.api, releaseId, `Round ${round}`);
    expect(receiver.at('/ok/restart')).toEqual([]);
    await platform.startWebhooks();
    await eventually('three deliveries settled', async () => {
      const statuses = await statusesOf(hook.uuid);
      return statuses.length === 3 && statuses.every((status) => status === 'delivered');
    });
    const counts = countsByEvent('/ok/restart');
    expect([...counts.values()]).toEqual([1, 1, 1]);
    const reasons = receiver.at('/ok/restart').map((request) => JSON.parse(request.raw).data.reason).sort();
    expect(reasons).toEqual(['Round 1', 'Round 2', 'Round 3']);
  });

  it('two replicas never send the same event twice', async () => {
    await platform.startWebhooks();
    const hook = await subscribe(a.api, '/slow/replicas', ['release.rejected', 'video.created']);
    const releaseId = await readyRelease(a, 'Replicas');
    for (const round of [1, 2, 3]) await submitAndReject(a.api, releaseId, `Replica ${round}`);
    const tests = await Promise.all(Array.from({ length: 8 }, () => sendTest(a.api, hook.uuid)));
    await eventually('eleven deliveries settled', async () => {
      const statuses = await statusesOf(hook.uuid);
      return statuses.length === 11 && statuses.every((status) => status === 'delivered');
    });
    const counts = countsByEvent('/slow/replicas');
    expect(counts.size).toBe(11);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    for (const eventId of tests) expect(counts.get(eventId)).toBe(1);
    expect((await attemptsOf(a.api, hook.uuid)).length).toBe(11);
  });
});
