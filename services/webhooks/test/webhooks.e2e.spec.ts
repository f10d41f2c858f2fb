import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { SUBSCRIBABLE_EVENTS } from '@sv/contracts';
import { apiClient, startPlatform, type TestPlatform } from '@sv/testing';
import { openSecret } from '../src/app/subscriptions/secret-sealing.ts';
import { readConfig } from '../src/config.ts';

/*
 * Webhook subscriptions and the event catalogue through the real gateway, with webhooks and
 * supply-chain running as their own processes (SV_ALLOW_PRIVATE_URLS=1, as in local use).
 */

type Api = ReturnType<typeof apiClient>;

const WEBHOOK_FIELDS = ['uuid', 'name', 'url', 'events', 'description', 'is_active', 'secret_prefix', 'created_at', 'updated_at'].sort();
const SECRET = /^svwhsec_[A-Za-z0-9_-]{43}$/;

let platform: TestPlatform;
let db: pg.Client;
/** Owner keys of A (most tests), B (isolation) and L (the limit and lists); a team key of A. */
let apiA: Api;
let apiB: Api;
let apiL: Api;
let teamA: Api;

const keyOf = async (slug: string, role: string): Promise<string> => String((await platform.adminOk('key', 'create', '--tenant', slug, '--role', role)).key);

const body = (overrides: Record<string, unknown> = {}) => ({
  name: `Hook ${randomBytes(3).toString('hex')}`,
  url: 'https://hooks.example.com/sv',
  events: ['release.dsp.*.live', 'ingestion.*'],
  description: 'Store go-lives',
  ...overrides,
});

const createOk = async (api: Api, overrides: Record<string, unknown> = {}): Promise<Record<string, any>> => {
  const response = await api('/v1/webhooks', { body: body(overrides) });
  expect(response.status).toBe(201);
  return response.body.webhook;
};

const sealedOf = async (uuid: string): Promise<string> =>
  (await db.query<{ secret_sealed: string }>('select secret_sealed from webhooks.webhook where id = $1', [uuid])).rows[0]!.secret_sealed;

beforeAll(async () => {
  platform = await startPlatform({ catalogue: false, supplyChain: true, webhooks: true });
  await Promise.all(['wh-a', 'wh-b', 'wh-l'].map((slug) => platform.adminOk('tenant', 'create', '--slug', slug, '--name', `Label ${slug}`)));
  const [a, b, l, team] = await Promise.all([keyOf('wh-a', 'owner'), keyOf('wh-b', 'owner'), keyOf('wh-l', 'owner'), keyOf('wh-a', 'team')]);
  apiA = apiClient(platform.baseUrl, a);
  apiB = apiClient(platform.baseUrl, b);
  apiL = apiClient(platform.baseUrl, l);
  teamA = apiClient(platform.baseUrl, team);
  db = new pg.Client({ connectionString: platform.db.url });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await platform?.stop();
}, 180_000);

describe('GET /webhooks/event-types', () => {
  it('lists the catalogue, the wildcard patterns, the stages and the 55 slugs of supply-chain', async () => {
    const response = await teamA('/v1/webhooks/event-types');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['dsps', 'events', 'patterns', 'stages']);
    const { events, patterns, stages, dsps } = response.body;
    expect(events).toEqual(SUBSCRIBABLE_EVENTS);
    expect(events).toEqual(expect.arrayContaining(['webhook.test', 'release.delivered', 'release.dsp.*.live', 'release.dsp.*.takedown_submitted', 'ingestion.completed', 'video.rejected']));
    expect(events.filter((name: string) => name.startsWith('release.distribution.'))).toEqual(['release.distribution.*']);
    expect(patterns).toEqual(expect.arrayContaining(['release.dsp.*.*', 'release.dsp.*.live', 'ingestion.*']));
    expect(stages).toEqual(['delivered', 'submitted', 'accepted', 'live', 'update_submitted', 'updated', 'takedown_submitted', 'taken_down', 'rejected', 'failed']);
    expect(dsps).toHaveLength(55);
    const stores = await teamA('/v1/supply-chain/dsps');
    expect([...dsps].sort()).toEqual(stores.body.dsps.map((dsp: { slug: string }) => dsp.slug).sort());
  });
});

describe('POST /webhooks', () => {
  it('creates an active subscription and shows the secret once; reads show only its prefix', async () => {
    const response = await apiA('/v1/webhooks', { body: body({ events: ['release.dsp.spotify.live', 'release.dsp.*.*', 'ingestion.*', 'ingestion.*'] }) });
    expect(response.status).toBe(201);
    const created = response.body.webhook;
    expect(Object.keys(created).sort()).toEqual([...WEBHOOK_FIELDS, 'secret'].sort());
    expect(created.secret).toMatch(SECRET);
    expect(created.secret_prefix).toBe(created.secret.slice(0, 12));
    expect(created).toMatchObject({ url: 'https://hooks.example.com/sv', is_active: true, description: 'Store go-lives' });
    expect(created.events).toEqual(['release.dsp.spotify.live', 'release.dsp.*.*', 'ingestion.*']);

    const read = await apiA(`/v1/webhooks/${created.uuid}`);
    expect(read.status).toBe(200);
    expect(Object.keys(read.body.webhook).sort()).toEqual(WEBHOOK_FIELDS);
    expect(read.body.webhook.secret_prefix).toBe(created.secret_prefix);
    expect(read.text).not.toContain(created.secret);
    const list = await apiA('/v1/webhooks');
    expect(list.text).not.toContain(created.secret);
    expect(list.body.webhooks.map((webhook: { uuid: string }) => webhook.uuid)).toContain(created.uuid);

    // Stored encrypted, yet recoverable with the service's key (delivery must sign with it).
    const sealed = await sealedOf(created.uuid);
    expect(sealed).not.toContain(created.secret.slice(8));
    expect(openSecret(readConfig({ SV_ENV: 'production', SV_LOCAL_DEVELOPMENT: '1' }).secretKey, created.uuid, sealed)).toBe(created.secret);
  });

  it('refuses unknown patterns with 422 listing every one, and creates nothing', async () => {
    const before = await apiA('/v1/webhooks');
    const response = await apiA('/v1/webhooks', { body: body({ events: ['release.dsp.*.live', 'nothing.here', 'release.dsp.*.exploded'] }) });
    expect(response.status).toBe(422);
    expect(response.body.error).toBe('Unknown event pattern(s): nothing.here, release.dsp.*.exploded.');
    expect(Object.keys(response.body.errors)).toEqual(['events']);
    expect((await apiA('/v1/webhooks')).body.total).toBe(before.body.total);
  });

  it('refuses a pattern naming a DSP slug that is not in the list', async () => {
    const response = await apiA('/v1/webhooks', { body: body({ events: ['release.dsp.spotify.live', 'release.dsp.myspace.live'] }) });
    expect(response.status).toBe(422);
    expect(response.body.error).toBe('Unknown event pattern(s): release.dsp.myspace.live.');
  });

  it('validates the body: events non-empty, name and url required', async () => {
    const empty = await apiA('/v1/webhooks', { body: body({ events: [] }) });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.events).toBeDefined();
    const missing = await apiA('/v1/webhooks', { body: { events: ['ingestion.*'] } });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['name', 'url']);
  });

  it('needs webhooks.manage: a team key may read but not write', async () => {
    const response = await teamA('/v1/webhooks', { body: body() });
    expect(response.status).toBe(403);
    expect((await teamA('/v1/webhooks')).status).toBe(200);
  });
});

describe('PATCH, DELETE and regenerate-secret', () => {
  it('PATCH changes only the supplied fields and validates events', async () => {
    const created = await createOk(apiA);
    const response = await apiA(`/v1/webhooks/${created.uuid}`, {
      method: 'PATCH',
      body: { name: 'Renamed', events: ['release.delivered'], is_active: false, description: null },
    });
    expect(response.status).toBe(200);
    expect(response.body.webhook).toMatchObject({ name: 'Renamed', events: ['release.delivered'], is_active: false, description: null, url: created.url });
    expect(response.body.webhook.secret).toBeUndefined();

    const bad = await apiA(`/v1/webhooks/${created.uuid}`, { method: 'PATCH', body: { events: ['release.dsp.nowhere.live'] } });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toBe('Unknown event pattern(s): release.dsp.nowhere.live.');
    expect((await apiA(`/v1/webhooks/${created.uuid}`)).body.webhook.events).toEqual(['release.delivered']);
  });

  it('PUT is not a route', async () => {
    const created = await createOk(apiA);
    const response = await apiA(`/v1/webhooks/${created.uuid}`, { method: 'PUT', body: body() });
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('Endpoint not found.');
  });

  it('DELETE soft-deletes: 204, then the subscription is gone from reads', async () => {
    const created = await createOk(apiA);
    const response = await apiA(`/v1/webhooks/${created.uuid}`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    const read = await apiA(`/v1/webhooks/${created.uuid}`);
    expect(read.status).toBe(404);
    expect(read.body.error).toBe('Webhook not found.');
    expect((await apiA('/v1/webhooks?per_page=100')).body.webhooks.map((w: { uuid: string }) => w.uuid)).not.toContain(created.uuid);
    const row = await db.query('select deleted_at from webhooks.webhook where id = $1', [created.uuid]);
    expect(row.rows[0].deleted_at).not.toBeNull();
  });

  it('regenerate-secret returns a new secret and replaces the stored one at once', async () => {
    const created = await createOk(apiA);
    const response = await apiA(`/v1/webhooks/${created.uuid}/regenerate-secret`, { method: 'POST' });
    expect(response.status).toBe(200);
    const regenerated = response.body.webhook;
    expect(regenerated.secret).toMatch(SECRET);
    expect(regenerated.secret).not.toBe(created.secret);
    expect(regenerated.secret_prefix).toBe(regenerated.secret.slice(0, 12));
    expect((await apiA(`/v1/webhooks/${created.uuid}`)).body.webhook.secret_prefix).toBe(regenerated.secret_prefix);
    expect(openSecret(readConfig({ SV_ENV: 'production', SV_LOCAL_DEVELOPMENT: '1' }).secretKey, created.uuid, await sealedOf(created.uuid))).toBe(regenerated.secret);
  });

  it("another tenant's subscription, a malformed id and an unknown id are 404 on every route", async () => {
    const created = await createOk(apiA);
    const routes: [string, string, unknown?][] = [
      ['GET', ''],
      ['PATCH', '', { name: 'x' }],
      ['DELETE', ''],
      ['POST', '/regenerate-secret'],
    ];
    for (const id of [created.uuid, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      for (const [method, suffix, payload] of routes) {
        const response = await apiB(`/v1/webhooks/${id}${suffix}`, { method, ...(payload ? { body: payload } : {}) });
        expect([method, suffix, response.status, response.body?.error]).toEqual([method, suffix, 404, 'Webhook not found.']);
      }
    }
    expect((await apiB('/v1/webhooks')).body.webhooks.map((w: { uuid: string }) => w.uuid)).not.toContain(created.uuid);
    expect((await apiA(`/v1/webhooks/${created.uuid}`)).body.webhook.name).toBe(created.name);
  });
});

describe('the limit of 25 active subscriptions', () => {
  it('holds under concurrent creates; deactivated and deleted ones do not count', async () => {
    const attempts = await Promise.all(Array.from({ length: 27 }, () => apiL('/v1/webhooks', { body: body() })));
    const statuses = attempts.map((attempt) => attempt.status).sort();
    expect(statuses).toEqual([...Array<number>(25).fill(201), 409, 409]);
    const refused = attempts.find((attempt) => attempt.status === 409)!;
    expect(refused.body.error).toBe('Webhook subscription limit (25) reached.');

    const refusedAgain = await apiL('/v1/webhooks', { body: body() });
    expect(refusedAgain.status).toBe(409);
    expect(refusedAgain.body.error).toBe('Webhook subscription limit (25) reached.');

    const [first, second] = attempts.filter((attempt) => attempt.status === 201).map((attempt) => attempt.body.webhook.uuid as string);
    expect((await apiL(`/v1/webhooks/${first}`, { method: 'PATCH', body: { is_active: false } })).status).toBe(200);
    const replacement = await apiL('/v1/webhooks', { body: body() });
    expect(replacement.status).toBe(201);
    // Back at 25 active: re-activating the deactivated one would be the 26th.
    const reactivate = await apiL(`/v1/webhooks/${first}`, { method: 'PATCH', body: { is_active: true } });
    expect(reactivate.status).toBe(409);
    expect(reactivate.body.error).toBe('Webhook subscription limit (25) reached.');
    expect((await apiL(`/v1/webhooks/${second}`, { method: 'DELETE' })).status).toBe(204);
    expect((await apiL(`/v1/webhooks/${first}`, { method: 'PATCH', body: { is_active: true } })).status).toBe(200);
  });

  it('lists a tenant newest first, in offset and cursor mode', async () => {
    // The tenant now holds 25 live subscriptions (26 created, one deleted).
    const offset = await apiL('/v1/webhooks?per_page=10&page=3');
    expect(offset.status).toBe(200);
    expect(offset.body.meta).toEqual({ mode: 'offset', total: 25, per_page: 10, current_page: 3, last_page: 3 });
    expect(offset.body.total).toBe(25);
    expect(offset.body.webhooks).toHaveLength(5);

    const seen: string[] = [];
    let path = '/v1/webhooks?per_page=10&cursor=';
    for (;;) {
      const page = await apiL(path);
      expect(page.status).toBe(200);
      seen.push(...page.body.webhooks.map((webhook: { uuid: string }) => webhook.uuid));
      if (!page.body.meta.has_more) break;
      path = `/v1/webhooks?per_page=10&cursor=${page.body.meta.next_cursor}`;
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    const all = await apiL('/v1/webhooks?per_page=100');
    expect(all.body.webhooks.map((webhook: { uuid: string }) => webhook.uuid)).toEqual(seen);
    const created = all.body.webhooks.map((webhook: { created_at: string }) => webhook.created_at);
    expect(created).toEqual([...created].sort().reverse());
  });
});
