import { randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import { Messages, ROUTES, ServiceRequest, apiSubject, type ParsedServiceRequest, type Principal } from '@sv/contracts';
import { callService } from '@sv/platform';
import { apiClient, connectTestNats, startPlatform, type ApiResponse, type TestPlatform } from '@sv/testing';

/*
 * The gateway refuses at the edge what the owning service would refuse on reading it: the
 * registry's query and body schemas and a record uuid that cannot be one. The answer is the one
 * the catalogue gives to the same request (asked here directly over NATS), but the catalogue
 * never hears the request and no Idempotency-Key is claimed for it.
 */

type Api = ReturnType<typeof apiClient>;

const REPLAY = 'x-service-idempotent-replay';
const VALID_RELEASE = { title: 'Edge Light', type: 'single', release_date: '2026-03-01', genre: 'Electronic' };
const MALFORMED_RELEASE = { title: 'Edge Light', type: 'double', release_date: '2026-03-01' };
/** Bodies that parse, for the routes whose record lookup comes after the body: the uuid is what is refused. */
const VALID_BODIES: Record<string, unknown> = {
  'tracks.create': { title: 'Edge Track', position: 1, explicit: false },
  'releases.reject': { reason: 'Not ready.' },
};

describe('validation at the edge', () => {
  let platform: TestPlatform;
  let nc: NatsConnection;
  let artist: Api;
  let owner: Api;
  let artistKey: string;
  /** Every request the catalogue was sent, in order (a copy: the catalogue's own queue answers them). */
  const heard: ParsedServiceRequest[] = [];
  const principals: { artist?: Principal; owner?: Principal } = {};

  const catalogueSubject = () => apiSubject(platform.subjectPrefix, 'catalogue');

  /** What the catalogue has been sent so far, once everything in flight has reached this connection. */
  const heardOps = async (): Promise<string[]> => {
    await nc.flush();
    return heard.map((request) => request.operation);
  };

  /** The catalogue's own answer to a request, asked directly as the gateway would. */
  const direct = async (request: { operation: string; principal: Principal; params?: Record<string, string>; query?: Record<string, string>; body?: unknown }) => {
    const reply = await callService(nc, catalogueSubject(), { params: {}, query: {}, files: [], ...request }, 10_000);
    return { status: reply.status, body: reply.body };
  };

  const answerOf = (response: ApiResponse) => ({ status: response.status, body: response.body });

  /** The principal the gateway forwards for a caller, read from a request the catalogue heard. */
  const principalOf = async (api: Api): Promise<Principal> => {
    const before = heard.length;
    expect((await api('/v1/artists', { headers: { 'cache-control': 'no-cache' } })).status).toBe(200);
    await nc.flush();
    const request = heard.slice(before).find((item) => item.operation === 'artists.list');
    if (!request) throw new Error('the catalogue did not hear the artists list');
    return request.principal;
  };

  beforeAll(async () => {
    platform = await startPlatform();
    nc = await connectTestNats();
    nc.subscribe(catalogueSubject(), { callback: (_error, msg) => void heard.push(ServiceRequest.parse(msg.json())) });
    await nc.flush();
    await platform.adminOk('tenant', 'create', '--slug', 'edge', '--name', 'Edge');
    const nova = String((await platform.adminOk('artist', 'create', '--tenant', 'edge', '--name', 'Nova', '--slug', 'nova')).artist.uuid);
    artistKey = String((await platform.adminOk('key', 'create', '--tenant', 'edge', '--role', 'artist', '--artist', nova)).key);
    artist = apiClient(platform.baseUrl, artistKey);
    owner = apiClient(platform.baseUrl, String((await platform.adminOk('key', 'create', '--tenant', 'edge', '--role', 'owner')).key));
    principals.artist = await principalOf(artist);
    principals.owner = await principalOf(owner);
  }, 180_000);

  afterAll(async () => {
    await nc?.drain();
    await platform?.stop();
  });

  it("answers a malformed POST /releases with the catalogue's 422, claims no key and never asks the catalogue", async () => {
    const key = `edge-${randomUUID()}`;
    const before = (await heardOps()).length;
    const refused = await artist('/v1/releases', { method: 'POST', body: MALFORMED_RELEASE, headers: { 'idempotency-key': key } });
    expect(await heardOps()).toHaveLength(before);

    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      success: false,
      error: Messages.validationFailed,
      errors: { type: [expect.any(String)], genre: ['The genre field is required.'] },
    });
    expect(answerOf(refused)).toEqual(await direct({ operation: 'releases.create', principal: principals.artist!, body: MALFORMED_RELEASE }));
    expect(refused.headers.get('x-request-id')).toBeTruthy();
    expect(refused.headers.get('x-ratelimit-limit')).toBeTruthy();

    // The key was not claimed: with a valid body it runs as a first request, then replays.
    const heardBefore = (await heardOps()).filter((operation) => operation === 'releases.create').length;
    const createdOnce = await artist('/v1/releases', { method: 'POST', body: VALID_RELEASE, headers: { 'idempotency-key': key } });
    expect(createdOnce.status).toBe(201);
    expect(createdOnce.headers.get(REPLAY)).toBeNull();
    expect(createdOnce.body.release).toEqual(expect.objectContaining({ title: VALID_RELEASE.title, status: 'draft' }));
    const replayed = await artist('/v1/releases', { method: 'POST', body: VALID_RELEASE, headers: { 'idempotency-key': key } });
    expect(answerOf(replayed)).toEqual(answerOf(createdOnce));
    expect(replayed.headers.get(REPLAY)).toBe('true');
    expect((await heardOps()).filter((operation) => operation === 'releases.create')).toHaveLength(heardBefore + 1);
  });

  it("answers a POST /releases without a body as the catalogue reads it (every field required), without asking it", async () => {
    const before = (await heardOps()).length;
    const refused = await artist('/v1/releases', { method: 'POST', headers: { 'idempotency-key': `edge-${randomUUID()}` } });
    expect(await heardOps()).toHaveLength(before);
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors as object).sort()).toEqual(['genre', 'release_date', 'title', 'type']);
    expect(answerOf(refused)).toEqual(await direct({ operation: 'releases.create', principal: principals.artist! }));
  });

  it('answers 401 for a missing or refused token before looking at the body', async () => {
    const anonymous = apiClient(platform.baseUrl);
    const missing = await anonymous('/v1/releases', { method: 'POST', body: MALFORMED_RELEASE });
    expect(answerOf(missing)).toEqual({ status: 401, body: expect.objectContaining({ success: false, error: Messages.tokenMissing }) });
    const refused = await apiClient(platform.baseUrl, `${artistKey}x`)('/v1/releases', { method: 'POST', body: MALFORMED_RELEASE });
    expect(refused.status).toBe(401);
  });

  it("leaves a caller the service refuses to the service: its 403 comes before the body's 422", async () => {
    const refused = await owner('/v1/releases', { method: 'POST', body: MALFORMED_RELEASE });
    expect(answerOf(refused)).toEqual({ status: 403, body: expect.objectContaining({ error: Messages.ownerCannotCreateReleases }) });
    expect(answerOf(refused)).toEqual(await direct({ operation: 'releases.create', principal: principals.owner!, body: MALFORMED_RELEASE }));
  });

  it("answers a bad query value with the catalogue's 422 without asking it", async () => {
    const before = (await heardOps()).length;
    const refused = await artist('/v1/releases?type=double&per_page=0');
    expect(await heardOps()).toHaveLength(before);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual(expect.objectContaining({ success: false, error: Messages.validationFailed }));
    expect(Object.keys(refused.body.errors as object).sort()).toEqual(['per_page', 'type']);
    expect(answerOf(refused)).toEqual(await direct({ operation: 'releases.list', principal: principals.artist!, query: { type: 'double', per_page: '0' } }));

    const listed = await artist('/v1/releases?type=single', { headers: { 'cache-control': 'no-cache' } });
    expect(listed.status).toBe(200);
  });

  it("answers a path uuid that names nothing with the catalogue's 404 without asking it, keyed or not", async () => {
    const before = (await heardOps()).length;
    const read = await artist('/v1/releases/not-a-uuid');
    const submit = await artist('/v1/releases/not-a-uuid/submit', { method: 'POST', headers: { 'idempotency-key': `edge-${randomUUID()}` } });
    const track = await artist('/v1/tracks/12345');
    expect(await heardOps()).toHaveLength(before);

    expect(answerOf(read)).toEqual({ status: 404, body: { success: false, error: Messages.releaseNotFound } });
    expect(answerOf(read)).toEqual(await direct({ operation: 'releases.get', principal: principals.artist!, params: { uuid: 'not-a-uuid' } }));
    expect(answerOf(submit)).toEqual(await direct({ operation: 'releases.submit', principal: principals.artist!, params: { uuid: 'not-a-uuid' } }));
    expect(answerOf(track)).toEqual(await direct({ operation: 'tracks.get', principal: principals.artist!, params: { uuid: '12345' } }));
  });

  /** A value for each path parameter of the catalogue's routes; `uuid` is the one under test. */
  const pathOf = (template: string, uuid: string): { path: string; params: Record<string, string> } => {
    const values: Record<string, string> = { uuid, locale: 'fr', asset_type: 'spotify_canvas' };
    const params: Record<string, string> = {};
    const path = template.replace(/:([a-z_]+)/g, (_match, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`no test value for :${name} in ${template}`);
      params[name] = value;
      return value;
    });
    return { path, params };
  };

  it.each(['artist', 'owner'] as const)(
    "answers every catalogue route's unusable uuid as the catalogue does, for an %s key",
    async (who) => {
      const api = who === 'artist' ? artist : owner;
      const principal = principals[who]!;
      const routes = ROUTES.filter((route) => route.service === 'catalogue' && route.path.includes(':uuid') && !route.upload);
      expect(routes.length).toBeGreaterThan(20);
      let answeredAtEdge = 0;
      for (const route of routes) {
        const { path, params } = pathOf(route.path, 'not-a-uuid');
        const body = route.request.body ? (VALID_BODIES[route.operation] ?? {}) : undefined;
        const before = (await heardOps()).length;
        const answer = answerOf(await api(`/v1${path}`, { method: route.method, ...(body ? { body } : {}) }));
        if ((await heardOps()).length === before) answeredAtEdge++;
        expect({ route: `${route.method} ${route.path}`, ...answer }).toEqual({
          route: `${route.method} ${route.path}`,
          ...(await direct({ operation: route.operation, principal, params, body })),
        });
      }
      expect(answeredAtEdge).toBeGreaterThan(5);
    },
    60_000,
  );
});
