import { randomUUID } from 'node:crypto';
import { Messages } from '@sv/contracts';
import { MONEY_ADMINS, MONEY_PRINCIPALS, OWN_ARTIST_OR_MONEY_ADMINS, apiClient, type ApiResponse, type MoneyPrincipal } from '@sv/testing';
import { endedJob, financeDb } from './support/finance-support.ts';
import { matchedLine, moneyFixtures, unmatchedLine, type MoneyFixtures } from './support/money-fixtures.ts';
import { seedRelease, useRoyaltiesWorld, type Api, type SeededRelease } from './support/royalties-world.ts';

/*
 * Who may move money, route by route, through the gateway: every principal of the permission
 * table (each role, an artist-role roster key naming no artist, an artist key naming none)
 * against every route that creates, approves, pays or withdraws money. A refusal is the spec's 403
 * and leaves what the route would change as it was; an allowed call changes it.
 */

// Fixtures take many requests of one key; the analytics-style rate limits would get in the way.
const world = useRoyaltiesWorld({ SV_RATE_LIMIT_MULTIPLIER: '50' });



interface MoneyRoute<T> {
  route: string;
  allowed: readonly MoneyPrincipal[];
  /** The status of an allowed call. */
  status: number;
  /** A record in the state the route starts from (made with the owner's key). */
  prepare: () => Promise<T>;
  call: (api: Api, target: T) => Promise<ApiResponse>;
  /** What the route changes, read back through the owner's key. */
  state: (target: T) => Promise<unknown>;
}
const moneyRoute = <T>(route: MoneyRoute<T>) => route as unknown as MoneyRoute<unknown>;

let keys: Record<MoneyPrincipal, Api>;
let money: MoneyFixtures;
let release: SeededRelease;
let funded: Promise<void>;

const owner = () => world.a.owner;
const read = async (path: string) => {
  const response = await owner()(path);
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${response.text}`);
  return response.body;
};
const balances = async () => ({
  workspace: (await read('/v1/royalties/balance')).balance.available_usd as string,
  artist: ((await world.a.artist('/v1/royalties/balance')).body.balance as { available_usd: string }).available_usd,
});

beforeAll(async () => {
  const key = async (...flags: string[]) => apiClient(world.platform.baseUrl, (await world.platform.adminOk('key', 'create', '--tenant', 'roy-a', ...flags)).key as string);
  keys = {
    artist: world.a.artist,
    collaborator: await key('--role', 'collaborator', '--artist', world.a.artistId),
    team: world.a.team,
    owner: world.a.owner,
    label_admin: await key('--role', 'label_admin'),
    staff: await key('--role', 'staff'),
    super_admin: await key('--role', 'super_admin'),
    'artist roster key naming no artist': await key('--role', 'artist', '--roster'),
    'artist key naming no artist': await key('--role', 'artist'),
  };
  release = await seedRelease(world.a.artist, 1);
  // Sales report rows match the codes royalties keeps, which follow the catalogue's events.
  const db = financeDb(world.platform.db.url);
  await db.codesKept(release).finally(() => db.close());
  money = moneyFixtures(world.a.owner, release);
  // The workspace's own money (unmatched lines) and the artist's (its track's line), both available.
  funded = money.paidStatement([unmatchedLine(1000), matchedLine(release, 1000)]).then(() => undefined);
  await funded;
}, 120_000);

const status = async (path: string, field: string) => ((await read(path)) as Record<string, { status: string }>)[field]!.status;

const ROUTES = [
  moneyRoute({
    route: 'POST /royalties/withdrawals',
    allowed: OWN_ARTIST_OR_MONEY_ADMINS,
    status: 201,
    prepare: () => funded,
    call: (api) => api('/v1/royalties/withdrawals', { body: { amount_usd: 10 } }),
    state: balances,
  }),
  moneyRoute({
    route: 'POST /royalties',
    allowed: MONEY_ADMINS,
    status: 201,
    prepare: async () => undefined,
    call: (api) => api('/v1/royalties', { body: { period: '2026-11' } }),
    state: async () => (await read('/v1/royalties?per_page=1')).total,
  }),
  moneyRoute({
    route: 'POST /royalties/{uuid}/line-items',
    allowed: MONEY_ADMINS,
    status: 200,
    prepare: () => money.statement(),
    call: (api, id) => api(`/v1/royalties/${id}/line-items`, { body: { line_items: [unmatchedLine(5)] } }),
    state: async (id) => {
      const { statement } = await read(`/v1/royalties/${id}`);
      return { status: statement.status, lines: statement.line_count, total: statement.total_revenue };
    },
  }),
  moneyRoute({
    route: 'POST /royalties/{uuid}/approve',
    allowed: MONEY_ADMINS,
    status: 200,
    prepare: () => money.completedStatement(),
    call: (api, id) => api(`/v1/royalties/${id}/approve`, { method: 'POST' }),
    state: (id) => status(`/v1/royalties/${id}`, 'statement'),
  }),
  moneyRoute({
    route: 'POST /royalties/{uuid}/pay',
    allowed: MONEY_ADMINS,
    status: 200,
    prepare: () => money.approvedStatement(),
    call: (api, id) => api(`/v1/royalties/${id}/pay`, { method: 'POST' }),
    state: (id) => status(`/v1/royalties/${id}`, 'statement'),
  }),
  moneyRoute({
    route: 'PUT /tracks/{uuid}/splits',
    allowed: MONEY_ADMINS,
    status: 200,
    prepare: async () => (await seedRelease(world.a.artist, 1)).tracks[0]!.id,
    call: (api, trackId) =>
      api(`/v1/tracks/${trackId}/splits`, { method: 'PUT', body: { splits: [{ name: 'Orbit', artist_id: world.a.otherArtistId, percentage: 100 }] } }),
    state: async (trackId) => (await read(`/v1/tracks/${trackId}/splits`)).splits,
  }),
  moneyRoute({
    route: 'POST /finance/periods',
    allowed: MONEY_ADMINS,
    status: 201,
    prepare: async () => undefined,
    call: (api) => api('/v1/finance/periods', { body: { code: `M-${randomUUID().slice(0, 12)}`, starts_on: '2026-11-01', ends_on: '2026-11-30' } }),
    state: async () => (await read('/v1/finance/periods?per_page=1')).total,
  }),
  moneyRoute({
    route: 'POST /finance/sales-reports',
    allowed: MONEY_ADMINS,
    status: 201,
    prepare: () => money.period(),
    call: (api, periodId) => api('/v1/finance/sales-reports', { body: { period_id: periodId, source: 'Spotify', lines: money.salesLines() } }),
    state: async (periodId) => (await read(`/v1/finance/sales-reports?period_id=${periodId}`)).total,
  }),
  moneyRoute({
    route: 'POST /finance/periods/{uuid}/sales-reports',
    allowed: MONEY_ADMINS,
    status: 202,
    prepare: () => money.period(),
    // The report is recorded by the job: its end is awaited before the state is read.
    call: async (api, periodId) => {
      const upload = await money.postSalesReport(api, periodId);
      if (upload.status === 202) expect((await endedJob(api, upload)).status).toBe('completed');
      return upload;
    },
    state: async (periodId) => (await read(`/v1/finance/sales-reports?period_id=${periodId}`)).total,
  }),
  moneyRoute({
    route: 'POST /finance/periods/{uuid}/statements',
    allowed: MONEY_ADMINS,
    status: 201,
    prepare: () => money.periodWithReport(),
    call: (api, periodId) => api(`/v1/finance/periods/${periodId}/statements`, { method: 'POST' }),
    state: async (periodId) => (await read(`/v1/finance/statements?period_id=${periodId}`)).total,
  }),
  moneyRoute({
    route: 'POST /finance/statements/{uuid}/approve',
    allowed: MONEY_ADMINS,
    status: 200,
    prepare: () => money.computedPeriod(),
    call: (api, { statementId }) => api(`/v1/finance/statements/${statementId}/approve`, { method: 'POST' }),
    state: ({ statementId }) => status(`/v1/finance/statements/${statementId}`, 'statement'),
  }),
  moneyRoute({
    route: 'POST /finance/statements/{uuid}/lock',
    allowed: MONEY_ADMINS,
    status: 200,
    prepare: () => money.approvedFinanceStatement(),
    call: (api, { statementId }) => api(`/v1/finance/statements/${statementId}/lock`, { method: 'POST' }),
    state: ({ statementId }) => status(`/v1/finance/statements/${statementId}`, 'statement'),
  }),
  moneyRoute({
    route: 'POST /finance/payee-statements/{uuid}/approve',
    allowed: MONEY_ADMINS,
    status: 200,
    prepare: () => money.computedPeriod(),
    call: (api, { payeeStatementIds }) => api(`/v1/finance/payee-statements/${payeeStatementIds[0]}/approve`, { method: 'POST' }),
    state: ({ payeeStatementIds }) => status(`/v1/finance/payee-statements/${payeeStatementIds[0]}`, 'payee_statement'),
  }),
  moneyRoute({
    route: 'POST /finance/payouts',
    allowed: MONEY_ADMINS,
    status: 201,
    prepare: () => money.payablePeriod(),
    call: (api, { periodId }) => api('/v1/finance/payouts', { body: { period_id: periodId } }),
    state: async ({ payeeStatementIds }) => ({
      payouts: (await read('/v1/finance/payouts?per_page=1')).total,
      payee: await status(`/v1/finance/payee-statements/${payeeStatementIds[0]}`, 'payee_statement'),
    }),
  }),
];

describe.each(ROUTES.map((route) => [route.route, route] as const))('%s', (_name, route) => {
  // Refusals change nothing, so they share one record; each allowed call gets its own.
  let shared: Promise<unknown> | undefined;
  const cases = MONEY_PRINCIPALS.map((who) => [who, route.allowed.includes(who)] as const);

  it.each(cases)('%s: allowed %s', async (who, allowed) => {
    const target = allowed ? await route.prepare() : await (shared ??= route.prepare());
    const before = await route.state(target);
    const response = await route.call(keys[who], target);
    const after = await route.state(target);
    if (allowed) {
      expect([response.status, response.text]).toEqual([route.status, expect.any(String)]);
      expect(after).not.toEqual(before);
    } else {
      expect([response.status, response.body?.error]).toEqual([403, Messages.forbidden]);
      expect(after).toEqual(before);
    }
  }, 60_000);
});

describe('whose money a withdrawal moves', () => {
  it("an artist's key draws on its artist's balance, never the workspace's", async () => {
    for (const who of ['artist', 'collaborator'] as const) {
      const before = await balances();
      expect((await keys[who]('/v1/royalties/withdrawals', { body: { amount_usd: 10 } })).status).toBe(201);
      const after = await balances();
      expect(after.workspace).toBe(before.workspace);
      expect(Number(after.artist)).toBeCloseTo(Number(before.artist) - 10, 2);
    }
  });

  it("an admin's key draws on the workspace's own balance, never an artist's", async () => {
    for (const who of MONEY_ADMINS) {
      const before = await balances();
      expect((await keys[who]('/v1/royalties/withdrawals', { body: { amount_usd: 10 } })).status).toBe(201);
      const after = await balances();
      expect(after.artist).toBe(before.artist);
      expect(Number(after.workspace)).toBeCloseTo(Number(before.workspace) - 10, 2);
    }
  });

  it('refuses a team key before reading the body: 403 even for a body that would be 422', async () => {
    const response = await keys.team('/v1/royalties/withdrawals', { body: { amount_usd: 1 } });
    expect([response.status, response.body.error]).toEqual([403, Messages.forbidden]);
  });
});
