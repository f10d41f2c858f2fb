import {
  LoginBody,
  ListReleasesQuery,
  Messages,
  RATE_LIMITS,
  ROUTES,
  SplitsBody,
  UPLOAD_MAX_MEGABYTES,
  defineRoute,
  operationsOf,
  routesOf,
  type AnyRouteDefinition,
  type RoutedService,
} from '../src/index.ts';

const pair = (route: Pick<AnyRouteDefinition, 'method' | 'path'>): string => `${route.method} ${route.path}`;
const pathParams = (path: string): string[] => [...path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1] ?? '');
/** The routes for which `broken` holds, by method and path: a failure names them. */
const offending = (broken: (route: AnyRouteDefinition) => boolean): string[] => ROUTES.filter(broken).map(pair);
const find = (method: string, path: string): AnyRouteDefinition => {
  const route = ROUTES.find((candidate) => candidate.method === method && candidate.path === path);
  if (!route) throw new Error(`no route ${method} ${path}`);
  return route;
};

describe('the route registry', () => {
  it('declares each method and path once', () => {
    const pairs = ROUTES.map(pair);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  /*
   * The gateway's route table (160 forwarded routes) and its local routes (25) are the routes
   * served today; the module-boundary rule keeps this package from importing them, so their count
   * and a sample are pinned here. GET /health is the spec path the gateway mounts outside both.
   */
  it('holds the routes the gateway serves today plus the health probe', () => {
    expect(ROUTES).toHaveLength(160 + 25 + 1);
    const counts = Object.fromEntries(
      (['gateway', 'catalogue', 'supply-chain', 'delivery', 'webhooks', 'ingestion', 'royalties', 'analytics'] as const).map((service) => [
        service,
        routesOf(service).length,
      ]),
    );
    expect(counts).toEqual({
      gateway: 26,
      catalogue: 71,
      'supply-chain': 17,
      delivery: 7,
      webhooks: 9,
      ingestion: 7,
      royalties: 33,
      analytics: 16,
    });
    const sample: [string, string, RoutedService, string][] = [
      ['GET', '/health', 'gateway', 'health.get'],
      ['POST', '/auth/login', 'gateway', 'auth.login'],
      ['PATCH', '/users/me', 'gateway', 'users.me_update'],
      ['POST', '/tenants/clients/:uuid/login-as', 'gateway', 'tenants.login_as'],
      ['GET', '/releases', 'catalogue', 'releases.list'],
      ['POST', '/tracks/:uuid/upload', 'catalogue', 'tracks.audio'],
      ['PUT', '/tracks/:uuid/credits', 'catalogue', 'track_credits.replace'],
      ['DELETE', '/releases/:uuid/localizations/:locale', 'catalogue', 'release_localizations.delete'],
      ['GET', '/releases/:uuid/dsps', 'supply-chain', 'release_dsps.list'],
      ['PUT', '/releases/:uuid/dsps/:slug', 'supply-chain', 'release_dsps.override'],
      ['GET', '/supply-chain/:uuid/effective-config', 'supply-chain', 'release_config.effective'],
      ['GET', '/releases/:uuid/ddex/preview/:file', 'delivery', 'ddex.preview'],
      ['POST', '/webhooks/:uuid/regenerate-secret', 'webhooks', 'webhooks.regenerate_secret'],
      ['POST', '/ingestion/ddex', 'ingestion', 'ingestion.ddex'],
      ['PUT', '/tracks/:uuid/splits', 'royalties', 'splits.set'],
      ['POST', '/finance/payee-statements/:uuid/approve', 'royalties', 'finance.payee_statements_approve'],
      ['GET', '/analytics/streaming/artists/:uuid/weekly', 'analytics', 'streaming.artist_weekly'],
    ];
    const served = sample.map(([method, path]) => {
      const route = find(method, path);
      return [method, path, route.service, route.operation];
    });
    expect(served).toEqual(sample);
  });

  it('gives every route a one-line summary and a response for its success status', () => {
    expect(offending((route) => route.summary.trim() !== route.summary || route.summary === '' || route.summary.includes('\n'))).toEqual([]);
    expect(offending((route) => Object.keys(route.responses).length !== 1)).toEqual([]);
    expect(offending((route) => Object.values(route.responses).some((response) => response.description === ''))).toEqual([]);
    // 204 has no body; every other success answers one.
    expect(
      offending((route) => Object.entries(route.responses).some(([status, response]) => (response.body === undefined) !== (status === '204'))),
    ).toEqual([]);
  });

  it('describes exactly the path parameters of each path', () => {
    const declared = (route: AnyRouteDefinition) => Object.keys(route.request.params?.shape ?? {}).sort().join();
    expect(offending((route) => declared(route) !== pathParams(route.path).sort().join())).toEqual([]);
  });

  it('names one operation per route within a service, but for PATCH/PUT pairs and aliases', () => {
    const byOperation = new Map<string, AnyRouteDefinition[]>();
    for (const route of ROUTES) {
      const key = `${route.service} ${route.operation}`;
      byOperation.set(key, [...(byOperation.get(key) ?? []), route]);
    }
    for (const [operation, routes] of byOperation) {
      if (routes.length === 1) continue;
      const canonical = routes.filter((route) => route.aliasOf === undefined);
      const methods = canonical.map((route) => route.method).sort().join();
      const updatePair = canonical.length === 2 && canonical[0]?.path === canonical[1]?.path && methods === 'PATCH,PUT';
      expect({ operation, shared: canonical.length === 1 || updatePair }).toEqual({ operation, shared: true });
      for (const alias of routes.filter((route) => route.aliasOf !== undefined)) {
        expect(canonical.some((route) => route.path === alias.aliasOf && route.method === alias.method)).toBe(true);
      }
    }
    expect(ROUTES.filter((route) => route.aliasOf).map(pair).sort()).toEqual([
      'GET /supply-chain/:uuid/effective-config',
      'GET /supply-chain/effective-config/:uuid',
      'POST /auth/token/refresh',
      'POST /tracks/:uuid/upload',
    ]);
  });

  it('lists each service its operations once', () => {
    expect(operationsOf('webhooks')).toEqual([
      'webhooks.list',
      'webhooks.create',
      'webhooks.event_types',
      'webhooks.get',
      'webhooks.update',
      'webhooks.delete',
      'webhooks.test',
      'webhooks.regenerate_secret',
      'webhooks.deliveries',
    ]);
    expect(operationsOf('supply-chain')).toHaveLength(15);
    expect(routesOf('delivery').every((route) => route.service === 'delivery')).toBe(true);
  });

  it("pins the spec's rate limits and each route's category", () => {
    expect(RATE_LIMITS).toEqual({ general: 120, audio_upload: 10, distribution: 30, analytics: 60, auth: 5, ingestion_bulk: 30 });
    const rated = (category: string | null) => ROUTES.filter((route) => route.rate === category).map(pair).sort();
    expect(rated(null)).toEqual(['GET /health']);
    expect(rated('audio_upload')).toEqual(['POST /tracks/:uuid/audio', 'POST /tracks/:uuid/upload']);
    expect(rated('ingestion_bulk')).toEqual(['POST /ingestion/bulk']);
    expect(rated('distribution')).toEqual([
      'POST /releases/:uuid/ddex/deliver',
      'POST /releases/:uuid/ddex/deliver/:slug',
      'POST /releases/:uuid/ddex/purge',
      'POST /releases/:uuid/ddex/redeliver',
      'POST /releases/:uuid/ddex/redeliver/:slug',
    ]);
    expect(rated('auth')).toEqual([
      'PATCH /users/me',
      'POST /auth/forgot-password',
      'POST /auth/login',
      'POST /auth/refresh',
      'POST /auth/resend-otp',
      'POST /auth/reset-password',
      'POST /auth/token/refresh',
      'POST /auth/verify-otp',
      'POST /tenants/clients/:uuid/login-as',
    ]);
    expect(rated('analytics')).toEqual(routesOf('analytics').map(pair).sort());
  });

  it("pins the spec's upload ceilings", () => {
    expect(UPLOAD_MAX_MEGABYTES).toMatchObject({ image: 20, audio: 200, document: 10, animated: 50 });
    expect(find('POST', '/tracks/:uuid/audio').upload).toEqual({ field: 'audio', kind: 'audio', missingMessage: Messages.noAudioFile });
    expect(find('POST', '/ingestion/ddex').upload?.rawContentTypes).toEqual(['application/xml', 'text/xml']);
  });

  it('lets through without a token exactly the routes that obtain one, and health', () => {
    expect(ROUTES.filter((route) => route.anonymous).map(pair).sort()).toEqual([
      'GET /health',
      'POST /auth/forgot-password',
      'POST /auth/login',
      'POST /auth/refresh',
      'POST /auth/resend-otp',
      'POST /auth/reset-password',
      'POST /auth/token/refresh',
      'POST /auth/verify-otp',
    ]);
  });

  it('marks as sensitive (never cached) every route that hands out or redeems a credential', () => {
    expect(ROUTES.filter((route) => route.sensitive).map(pair).sort()).toEqual([
      'POST /auth/login',
      'POST /auth/refresh',
      'POST /auth/reset-password',
      'POST /auth/token/refresh',
      'POST /auth/verify-otp',
      'POST /releases/:uuid/artwork/presign',
      'POST /tenants/clients/:uuid/login-as',
      'POST /webhooks',
      'POST /webhooks/:uuid/regenerate-secret',
    ]);
  });

  it('honours Idempotency-Key on POST, PUT and PATCH writes only, never on uploads or credential flows', () => {
    const neverKeyed = (route: AnyRouteDefinition) => route.method === 'GET' || route.method === 'DELETE' || route.upload !== undefined;
    expect(offending((route) => neverKeyed(route) && route.idempotent)).toEqual([]);
    expect(offending((route) => !neverKeyed(route) && route.service !== 'gateway' && !route.idempotent)).toEqual([]);
    expect(routesOf('gateway').filter((route) => route.idempotent).map(pair)).toEqual(['POST /tenants/clients', 'PUT /tenants/domain']);
  });

  it('lists error statuses in order, with the ones every route of its kind can give', () => {
    const lacks = (route: AnyRouteDefinition, ...statuses: number[]) => statuses.some((status) => !route.errors.includes(status as never));
    expect(offending((route) => route.errors.some((status, index) => index > 0 && status <= (route.errors[index - 1] ?? 0)))).toEqual([]);
    expect(offending((route) => lacks(route, 503))).toEqual([]);
    expect(offending((route) => !route.anonymous && lacks(route, 401, 402, 403))).toEqual([]);
    expect(offending((route) => route.rate !== null && lacks(route, 429))).toEqual([]);
    expect(offending((route) => route.upload !== undefined && lacks(route, 413, 415, 422))).toEqual([]);
    expect(offending((route) => route.path.includes(':') && lacks(route, 404))).toEqual([]);
    expect(find('POST', '/releases/:uuid/submit').errors).toEqual([400, 401, 402, 403, 404, 409, 422, 429, 503]);
    expect(find('GET', '/health').errors).toEqual([400, 503]);
  });

  it('paginates lists with the spec query and meta', () => {
    const paginated = ROUTES.filter((route) => route.paginated);
    expect(paginated.length).toBeGreaterThan(0);
    for (const route of paginated) {
      expect(route.method).toBe('GET');
      expect(Object.keys(route.request.query?.shape ?? {})).toEqual(expect.arrayContaining(['page', 'per_page', 'cursor']));
    }
    expect(find('GET', '/releases').request.query?.parse({})).toMatchObject({ page: 1, per_page: 20 });
  });

  it('never lets an earlier route shadow a later one', () => {
    const patterns = ROUTES.map((route) => ({
      route,
      pattern: new RegExp(`^${route.path.replace(/:[A-Za-z_]+/g, '[^/]+')}$`),
    }));
    const shadowed = patterns.flatMap(({ route }, index) =>
      patterns
        .slice(0, index)
        .filter((earlier) => earlier.route.method === route.method && earlier.pattern.test(route.path))
        .map((earlier) => `${pair(route)} after ${pair(earlier.route)}`),
    );
    expect(shadowed).toEqual([]);
  });

  it("types each route's operation by its own service", () => {
    const route = defineRoute({
      method: 'GET',
      path: '/artists',
      service: 'catalogue',
      // @ts-expect-error a webhooks operation cannot be the catalogue's
      operation: 'webhooks.list',
      summary: 'Wrongly owned.',
      responses: { 200: { description: 'Nothing.' } },
    });
    expect(route.service).toBe('catalogue');
  });
});

describe('request schemas written for the registry', () => {
  it('reads a release list filter as a list of values', () => {
    expect(ListReleasesQuery.parse({ status: 'draft,pending', type: ['ep', 'album'] })).toMatchObject({
      status: ['draft', 'pending'],
      type: ['ep', 'album'],
    });
    expect(ListReleasesQuery.safeParse({ status: 'drafted' }).error?.issues[0]?.message).toBe('The selected status is invalid.');
  });

  it('keeps the login rules of the gateway', () => {
    const refusal = LoginBody.safeParse({ email: 'not-an-email', password: 'x' }).error?.issues[0]?.message;
    expect(refusal).toBe('The email must be a valid email address.');
    expect(LoginBody.parse({ email: ' ann@demo.test ', password: 'secret' })).toEqual({ email: 'ann@demo.test', password: 'secret' });
  });

  it('refuses splits that do not sum to 100 with the spec message', () => {
    const splits = (...percentages: number[]) => ({
      splits: percentages.map((percentage, index) => ({ name: `Payee ${index}`, email: `payee${index}@example.com`, percentage })),
    });
    expect(SplitsBody.safeParse(splits(33.33, 33.33, 33.33)).success).toBe(true);
    expect(SplitsBody.safeParse(splits(50, 40)).error?.issues[0]?.message).toBe(Messages.splitsSum);
  });
});
