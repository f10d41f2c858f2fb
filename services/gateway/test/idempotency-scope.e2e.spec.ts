import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { Messages } from '@sv/contracts';
import { apiClient, startPlatform, type ApiResponse, type TestPlatform } from '@sv/testing';

/*
 * A stored response is replayed before the owning service checks roles, so it must belong to the
 * credential that made it: another credential of the same tenant sending the same
 * Idempotency-Key gets what it would get without one (here: 403 rather than an owner's secret).
 */

const REPLAY = 'x-service-idempotent-replay';
const TENANT = 'scoped';
const PASSWORD = 'a long enough password';

type Api = ReturnType<typeof apiClient>;

let platform: TestPlatform;
let db: pg.Client;
let owner: Api;
let artist: Api;
let ownerUser: Api;

const newKey = (): string => `idem-${randomUUID()}`;
const hookBody = () => ({ name: `Hook ${randomUUID().slice(0, 8)}`, url: 'https://hooks.example.com/sv', events: ['ingestion.*'] });
const keyed = (api: Api, path: string, key: string, body: unknown): Promise<ApiResponse> =>
  api(path, { method: 'POST', body, headers: { 'idempotency-key': key } });

const keyOf = async (role: string): Promise<string> => String((await platform.adminOk('key', 'create', '--tenant', TENANT, '--role', role)).key);

/** Every stored record of this key, as the text of its whole row. */
const storedRows = async (key: string): Promise<string[]> =>
  (await db.query<{ row: string }>(`select row_to_json(r)::text as "row" from "gateway"."idempotency_record" r where "key" = $1`, [key])).rows.map(
    (found) => found.row,
  );

const expectRefusedAsWithoutKey = (response: ApiResponse, withoutKey: ApiResponse, secret: string) => {
  expect(withoutKey.status).toBe(403);
  expect(response.status).toBe(withoutKey.status);
  expect(response.body).toEqual(withoutKey.body);
  expect(response.body.error).toBe(Messages.forbidden);
  expect(response.headers.get(REPLAY)).toBeNull();
  expect(response.text).not.toContain(secret);
};

beforeAll(async () => {
  platform = await startPlatform({ catalogue: false, supplyChain: true, webhooks: true });
  await platform.adminOk('tenant', 'create', '--slug', TENANT, '--name', 'Scoped Records');
  await platform.adminOk('user', 'create', '--tenant', TENANT, '--email', 'owner@scoped.test', '--password', PASSWORD, '--role', 'owner');
  const [ownerKey, artistKey] = await Promise.all([keyOf('owner'), keyOf('artist')]);
  owner = apiClient(platform.baseUrl, ownerKey);
  artist = apiClient(platform.baseUrl, artistKey);
  const login = await apiClient(platform.baseUrl)('/auth/login', { body: { email: 'owner@scoped.test', password: PASSWORD, tenant_slug: TENANT } });
  expect(login.status).toBe(200);
  ownerUser = apiClient(platform.baseUrl, String(login.body.data.access_token));
  db = new pg.Client({ connectionString: platform.db.url });
  await db.connect();
}, 180_000);

afterAll(async () => {
  await db?.end();
  await platform?.stop();
}, 180_000);

describe('Idempotency-Key across credentials of one tenant', () => {
  it("POST /webhooks: an artist key reusing an owner's key gets its own 403, never the owner's secret", async () => {
    const key = newKey();
    const body = hookBody();
    const created = await keyed(owner, '/v1/webhooks', key, body);
    expect(created.status).toBe(201);
    const secret = String(created.body.webhook.secret);
    expect(secret).toMatch(/^svwhsec_/);

    const withoutKey = await artist('/v1/webhooks', { method: 'POST', body });
    expectRefusedAsWithoutKey(await keyed(artist, '/v1/webhooks', key, body), withoutKey, secret);
    // The artist's refusal is recorded under its own scope and replays to it alone…
    const artistAgain = await keyed(artist, '/webhooks', key, body);
    expect(artistAgain.status).toBe(403);
    expect(artistAgain.headers.get(REPLAY)).toBe('true');
    // …while the owner still replays its own response.
    const ownerAgain = await keyed(owner, '/webhooks', key, body);
    expect(ownerAgain.status).toBe(201);
    expect(ownerAgain.headers.get(REPLAY)).toBe('true');
    expect(ownerAgain.body).toEqual(created.body);
  });

  it("POST /webhooks/{uuid}/regenerate-secret: an artist key reusing an owner's key gets its own 403", async () => {
    const hook = await owner('/v1/webhooks', { body: hookBody() });
    expect(hook.status).toBe(201);
    const path = `/v1/webhooks/${hook.body.webhook.uuid}/regenerate-secret`;
    const key = newKey();
    const regenerated = await keyed(owner, path, key, undefined);
    expect(regenerated.status).toBe(200);
    const secret = String(regenerated.body.webhook.secret);
    expect(secret).toMatch(/^svwhsec_/);

    const withoutKey = await artist(path, { method: 'POST' });
    expectRefusedAsWithoutKey(await keyed(artist, path, key, undefined), withoutKey, secret);
    expect((await keyed(owner, path, key, undefined)).body.webhook.secret).toBe(secret);
  });

  it("a signed-in user reusing an API key's key runs the request as new", async () => {
    const key = newKey();
    const body = hookBody();
    const byKey = await keyed(owner, '/v1/webhooks', key, body);
    expect(byKey.status).toBe(201);

    const byUser = await keyed(ownerUser, '/v1/webhooks', key, body);
    expect(byUser.status).toBe(201);
    expect(byUser.headers.get(REPLAY)).toBeNull();
    expect(byUser.body.webhook.uuid).not.toBe(byKey.body.webhook.uuid);
    expect(byUser.body.webhook.secret).not.toBe(byKey.body.webhook.secret);

    const userAgain = await keyed(ownerUser, '/webhooks', key, body);
    expect(userAgain.headers.get(REPLAY)).toBe('true');
    expect(userAgain.body).toEqual(byUser.body);
  });

  it('keeps no stored secret in plain text', async () => {
    const key = newKey();
    const body = hookBody();
    const created = await keyed(owner, '/v1/webhooks', key, body);
    expect(created.status).toBe(201);
    const secret = String(created.body.webhook.secret);
    const rows = await storedRows(key);
    expect(rows).toHaveLength(1);
    expect(rows[0]).not.toContain(secret.slice('svwhsec_'.length));
    expect(rows[0]).not.toContain(String(created.body.webhook.uuid));
    // What is stored still replays.
    const replay = await keyed(owner, '/v1/webhooks', key, body);
    expect(replay.headers.get(REPLAY)).toBe('true');
    expect(replay.body.webhook.secret).toBe(secret);
  });
});
