import { randomUUID } from 'node:crypto';
import { Messages } from '@sv/contracts';
import { MONEY_ADMINS, MONEY_PRINCIPALS, OWN_ARTIST_OR_MONEY_ADMINS, apiClient, spawnServiceProcess, type MoneyPrincipal, startPlatform, type ServiceProcess, type TestPlatform } from '@sv/testing';
import { apiErrorOf, callTool, mcpClients } from './support/mcp-clients.ts';

/*
 * Money through the MCP server, which calls the gateway with the caller's key: a withdrawal and a
 * payout, tried with every principal of the permission table. The server adds no rights of its
 * own: a refusal is the API's 403 and nothing moves; an allowed call moves the money.
 */

type Api = ReturnType<typeof apiClient>;

let platform: TestPlatform;
let mcp: ServiceProcess;
let mcpUrl: string;
const { connect, closeAll } = mcpClients('mcp-money-e2e', () => mcpUrl);

const rawKeys = {} as Record<MoneyPrincipal, string>;
let owner: Api;
let artist: Api;
let isrc: string;

const expectStatus = (response: { status: number; text: string }, status: number, what: string): void => {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${response.text}`);
};

/** A success's answer body, or an API error's status and body. */
const callToolWithKey = async (key: string, name: string, args: Record<string, unknown>): Promise<{ ok: boolean; status?: number; body: any }> => {
  const result = await callTool(await connect({ authorization: `Bearer ${key}` }), name, args);
  return result.isError ? { ok: false, ...apiErrorOf(result) } : { ok: true, body: result.structuredContent };
};

/** Available balances: the workspace's (the owner's view) and the artist's (its key's view). */
const balances = async () => ({
  workspace: (await owner('/v1/royalties/balance')).body.balance.available_usd as string,
  artist: (await artist('/v1/royalties/balance')).body.balance.available_usd as string,
});

/** A royalty statement approved and paid: its lines' revenue becomes available to their payees. */
const fund = async () => {
  const created = await owner('/v1/royalties', { body: { period: '2026-11' } });
  expectStatus(created, 201, 'statement');
  const id = created.body.statement.uuid as string;
  const line = (lineIsrc: string, artistName: string) => ({ dsp_name: 'Spotify', track_title: 'Song', artist_name: artistName, period: '2026-11', isrc: lineIsrc, revenue: 1000 });
  expectStatus(await owner(`/v1/royalties/${id}/line-items`, { body: { line_items: [line('ZZX000000001', 'Unknown Band'), line(isrc, 'Nova')] } }), 200, 'lines');
  expectStatus(await owner(`/v1/royalties/${id}/approve`, { method: 'POST' }), 200, 'approve');
  expectStatus(await owner(`/v1/royalties/${id}/pay`, { method: 'POST' }), 200, 'pay');
};

/** A finance period whose one payee statement and statement are approved: ready to pay out. */
const payablePeriod = async () => {
  const period = await owner('/v1/finance/periods', { body: { code: `M-${randomUUID().slice(0, 12)}`, starts_on: '2026-11-01', ends_on: '2026-11-30' } });
  expectStatus(period, 201, 'period');
  const periodId = period.body.period.uuid as string;
  const lines = [{ isrc, territory: 'US', store: 'Spotify', units: '10', amount: '50.00' }];
  expectStatus(await owner('/v1/finance/sales-reports', { body: { period_id: periodId, source: 'Spotify', lines } }), 201, 'sales report');
  const computed = await owner(`/v1/finance/periods/${periodId}/statements`, { method: 'POST' });
  expectStatus(computed, 201, 'compute');
  const payeeStatementId = computed.body.payee_statements[0].uuid as string;
  expectStatus(await owner(`/v1/finance/payee-statements/${payeeStatementId}/approve`, { method: 'POST' }), 200, 'payee approve');
  expectStatus(await owner(`/v1/finance/statements/${computed.body.statement.uuid}/approve`, { method: 'POST' }), 200, 'statement approve');
  return { periodId, payeeStatementId };
};

beforeAll(async () => {
  platform = await startPlatform({ royalties: true, env: { SV_RATE_LIMIT_MULTIPLIER: '50' } });
  await platform.adminOk('tenant', 'create', '--slug', 'mcp-money', '--name', 'MCP money');
  const nova = String((await platform.adminOk('artist', 'create', '--tenant', 'mcp-money', '--name', 'Nova', '--slug', 'nova')).artist.uuid);
  const key = async (...flags: string[]) => String((await platform.adminOk('key', 'create', '--tenant', 'mcp-money', ...flags)).key);
  rawKeys.artist = await key('--role', 'artist', '--artist', nova);
  rawKeys.collaborator = await key('--role', 'collaborator', '--artist', nova);
  for (const role of ['team', 'owner', 'label_admin', 'staff', 'super_admin'] as const) rawKeys[role] = await key('--role', role);
  rawKeys['artist roster key naming no artist'] = await key('--role', 'artist', '--roster');
  rawKeys['artist key naming no artist'] = await key('--role', 'artist');
  owner = apiClient(platform.baseUrl, rawKeys.owner);
  artist = apiClient(platform.baseUrl, rawKeys.artist);
  const release = await artist('/v1/releases', { body: { title: 'Money', type: 'single', release_date: '2027-03-05', genre: 'Pop' } });
  expectStatus(release, 201, 'release');
  const track = await artist(`/v1/releases/${release.body.release.uuid}/tracks`, { body: { title: 'Song', position: 1, explicit: false } });
  expectStatus(track, 201, 'track');
  isrc = track.body.track.isrc as string;
  await fund();

  mcp = spawnServiceProcess('mcp', 'services/mcp/src/main.ts', {
    SV_MCP_PORT: '0',
    SV_HEALTH_PORT: '0',
    SV_GATEWAY_URL: `${platform.baseUrl}/v1`,
    SV_SANDBOX_GATEWAY_URL: `${platform.baseUrl}/v1`,
    SV_LOCAL_DEVELOPMENT: '1',
  });
  mcpUrl = String((await mcp.waitForLog((line) => line.msg === 'mcp listening')).url);
}, 180_000);

afterAll(async () => {
  await closeAll();
  await mcp?.stop();
  await platform?.stop();
}, 180_000);

describe('create_royalties_withdrawals (POST /royalties/withdrawals)', () => {
  it.each(MONEY_PRINCIPALS.map((who) => [who, OWN_ARTIST_OR_MONEY_ADMINS.includes(who)] as const))('%s: allowed %s', async (who, allowed) => {
    const before = await balances();
    const result = await callToolWithKey(rawKeys[who], 'create_royalties_withdrawals', { amount_usd: 10 });
    const after = await balances();
    if (!allowed) {
      expect([result.status, result.body?.error]).toEqual([403, Messages.forbidden]);
      expect(after).toEqual(before);
      return;
    }
    expect(result.ok).toBe(true);
    // Whose money: an artist's key its artist's, an admin's the workspace's own.
    const drawn = MONEY_ADMINS.includes(who) ? 'workspace' : 'artist';
    const kept = drawn === 'workspace' ? 'artist' : 'workspace';
    expect(Number(after[drawn])).toBeCloseTo(Number(before[drawn]) - 10, 2);
    expect(after[kept]).toBe(before[kept]);
  }, 60_000);
});

describe('create_finance_payouts (POST /finance/payouts)', () => {
  let shared: Promise<{ periodId: string; payeeStatementId: string }> | undefined;
  const payeeStatus = async (id: string) => (await owner(`/v1/finance/payee-statements/${id}`)).body.payee_statement.status as string;
  const payouts = async () => (await owner('/v1/finance/payouts?per_page=1')).body.total as number;

  it.each(MONEY_PRINCIPALS.map((who) => [who, MONEY_ADMINS.includes(who)] as const))('%s: allowed %s', async (who, allowed) => {
    // Refusals change nothing, so they share one payable period; each allowed payout gets its own.
    const target = allowed ? await payablePeriod() : await (shared ??= payablePeriod());
    const before = await payouts();
    const result = await callToolWithKey(rawKeys[who], 'create_finance_payouts', { period_id: target.periodId });
    if (!allowed) {
      expect([result.status, result.body?.error]).toEqual([403, Messages.forbidden]);
      expect([await payouts(), await payeeStatus(target.payeeStatementId)]).toEqual([before, 'approved']);
      return;
    }
    expect(result.ok).toBe(true);
    expect([await payouts(), await payeeStatus(target.payeeStatementId)]).toEqual([before + 1, 'paid']);
  }, 60_000);
});
