import { randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  ROUTES,
  RoyaltyOperation,
  ServiceRequest,
  SupplyChainOperation,
  apiSubject,
  type AnyRouteDefinition,
  type ParsedServiceRequest,
  type Principal,
} from '@sv/contracts';
import { callService } from '@sv/platform';
import { apiClient, connectTestNats, startPlatform, type ApiResponse, type TestPlatform } from '@sv/testing';

/*
 * Every route the gateway checks at its edge answers a bad query or body, or a path uuid that
 * cannot be one, exactly as its owning service answers the same request (asked here directly over
 * NATS), for a caller the service lets through and for one it refuses first; the ones answered at
 * the edge never reach a service.
 */

type Api = ReturnType<typeof apiClient>;

const SERVICES = ['catalogue', 'supply-chain', 'webhooks', 'delivery', 'ingestion', 'royalties', 'analytics'] as const;

/** A value of the wrong kind for the query fields the lists and reads take. */
const BAD_QUERY: Record<string, string> = {
  per_page: '0',
  page: 'first',
  from: 'yesterday',
  to: '2026-13-45',
  limit: '-1',
  weeks: '1000',
  release_uuid: 'not-a-uuid',
  status: 'everything',
  type: 'double',
  source: 'carrier-pigeon',
  state: 'molten',
};

/** Bodies that parse, for the routes whose record lookup comes after the body: the uuid is what is refused. */
const VALID_BODIES: Record<string, unknown> = {
  [SupplyChainOperation.releaseDspsAdd]: { dsps: ['spotify'] },
  [SupplyChainOperation.releaseDspsReplace]: { dsps: ['spotify'] },
  [RoyaltyOperation.lineItems]: { line_items: [{ dsp_name: 'Spotify', track_title: 'Edge', artist_name: 'Nova', revenue: 1.5 }] },
};

describe('validation at the edge, as each service answers', () => {
  let platform: TestPlatform;
  let nc: NatsConnection;
  const callers: Partial<Record<'artist' | 'owner', { api: Api; principal: Principal }>> = {};
  const heard: ParsedServiceRequest[] = [];

  const heardCount = async (): Promise<number> => {
    await nc.flush();
    return heard.length;
  };

  const principalOf = async (api: Api): Promise<Principal> => {
    const before = heard.length;
    expect((await api('/v1/artists', { headers: { 'cache-control': 'no-cache' } })).status).toBe(200);
    await nc.flush();
    const request = heard.slice(before).find((item) => item.operation === 'artists.list');
    if (!request) throw new Error('the catalogue did not hear the artists list');
    return request.principal;
  };

  beforeAll(async () => {
    // Each key sends a few requests to every checked route: more than a minute's general budget.
    platform = await startPlatform({
      supplyChain: true,
      webhooks: true,
      delivery: true,
      ingestion: true,
      royalties: true,
      analytics: true,
      env: { SV_RATE_LIMIT_MULTIPLIER: '20' },
    });
    nc = await connectTestNats();
    for (const service of SERVICES) {
      nc.subscribe(apiSubject(platform.subjectPrefix, service), { callback: (_error, msg) => void heard.push(ServiceRequest.parse(msg.json())) });
    }
    await nc.flush();
    await platform.adminOk('tenant', 'create', '--slug', 'edge-all', '--name', 'Edge All');
    const nova = String((await platform.adminOk('artist', 'create', '--tenant', 'edge-all', '--name', 'Nova', '--slug', 'nova')).artist.uuid);
    for (const [who, extra] of [
      ['artist', ['--role', 'artist', '--artist', nova]],
      ['owner', ['--role', 'owner']],
    ] as const) {
      const api = apiClient(platform.baseUrl, String((await platform.adminOk('key', 'create', '--tenant', 'edge-all', ...extra)).key));
      callers[who] = { api, principal: await principalOf(api) };
    }
  }, 240_000);

  afterAll(async () => {
    await nc?.drain();
    await platform?.stop();
  });

  const checked = ROUTES.filter(
    (route) => route.service !== 'gateway' && !route.upload && route.edge && (route.request.body || route.request.query),
  );

  /** The routes of the services beside the catalogue whose unusable path uuid is answered at the edge. */
  const uuidChecked = ROUTES.filter((route) => route.service !== 'catalogue' && route.service !== 'gateway' && route.edge?.notFound && route.request.params?.shape.uuid);

  /** The route's path with a uuid (by default a well-formed one that names nothing), and the params the service is handed. */
  const pathOf = (route: AnyRouteDefinition, uuid: string = randomUUID()): { path: string; params: Record<string, string> } => {
    const values: Record<string, string> = { uuid, slug: 'spotify' };
    const params: Record<string, string> = {};
    const path = route.path.replace(/:([a-z_]+)/g, (_match, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`no test value for :${name} in ${route.path}`);
      params[name] = value;
      return value;
    });
    return { path, params };
  };

  /**
   * What every checked body route is sent: a body that is not an object; an empty one and none at
   * all, unless that could create something (a schema without required fields, no record named).
   */
  const badBodies = (route: AnyRouteDefinition): { body?: unknown }[] => {
    const inputs: { body?: unknown }[] = [{ body: [] }];
    const mayCreate = route.request.body?.safeParse({}).success === true && !route.path.includes(':uuid');
    if (!mayCreate) inputs.push({ body: {} }, {});
    return inputs;
  };

  const answerOf = (response: ApiResponse) => ({ status: response.status, body: response.body as unknown });

  it.each(['artist', 'owner'] as const)(
    "answers every checked route's bad query or body as its service does, for an %s key",
    async (who) => {
      const { api, principal } = callers[who]!;
      expect(checked.length).toBeGreaterThan(40);
      let answeredAtEdge = 0;
      for (const route of checked) {
        const { path, params } = pathOf(route);
        const inputs: { query?: Record<string, string>; body?: unknown }[] = route.request.query ? [{ query: BAD_QUERY }] : badBodies(route);
        for (const input of inputs) {
          const search = input.query ? `?${new URLSearchParams(input.query).toString()}` : '';
          const before = await heardCount();
          const response = await api(`/v1${path}${search}`, {
            method: route.method,
            ...('body' in input ? { body: input.body } : {}),
            headers: { 'cache-control': 'no-cache' },
          });
          if ((await heardCount()) === before) answeredAtEdge++;
          const reply = await callService(
            nc,
            apiSubject(platform.subjectPrefix, route.service),
            { operation: route.operation, params, query: input.query ?? {}, body: input.body, principal, files: [] },
            10_000,
          );
          const label = `${route.method} ${route.path} ${JSON.stringify(input)}`;
          expect({ label, ...answerOf(response) }).toEqual({ label, status: reply.status, body: reply.body });
        }
      }
      expect(answeredAtEdge).toBeGreaterThan(20);
    },
    120_000,
  );

  it.each(['artist', 'owner'] as const)(
    "answers every checked route's unusable path uuid as its service does, for an %s key",
    async (who) => {
      const { api, principal } = callers[who]!;
      expect(uuidChecked.map((route) => route.service)).toEqual(expect.arrayContaining(['supply-chain', 'delivery', 'webhooks', 'royalties']));
      let answeredAtEdge = 0;
      for (const route of uuidChecked) {
        const { path, params } = pathOf(route, 'not-a-uuid');
        const body = route.request.body ? (VALID_BODIES[route.operation] ?? {}) : undefined;
        const before = await heardCount();
        const response = await api(`/v1${path}`, { method: route.method, ...(body ? { body } : {}), headers: { 'cache-control': 'no-cache' } });
        if ((await heardCount()) === before) answeredAtEdge++;
        const reply = await callService(
          nc,
          apiSubject(platform.subjectPrefix, route.service),
          { operation: route.operation, params, query: {}, body, principal, files: [] },
          10_000,
        );
        const label = `${route.method} ${route.path}`;
        expect({ label, ...answerOf(response) }).toEqual({ label, status: reply.status, body: reply.body });
      }
      expect(answeredAtEdge).toBeGreaterThan(5);
    },
    120_000,
  );
});
