import { totalOf } from '@sv/platform';
import { apiClient, freePort, scrapeServiceMetrics, startPlatform, type TestPlatform } from '@sv/testing';

/*
 * Two gateway replicas on one host behind one port (SV_HTTP_REUSE_PORT): both listen on it, the
 * kernel spreads connections over them, and one key's rate budget is still one budget.
 */

let platform: TestPlatform;
let port: number;
let artist: string;

beforeAll(async () => {
  port = await freePort();
  platform = await startPlatform({ gateways: 0 });
  await platform.adminOk('tenant', 'create', '--slug', 'shared', '--name', 'Shared Port Label');
  artist = String((await platform.adminOk('artist', 'create', '--tenant', 'shared', '--name', 'Shared Artist', '--slug', 'shared-artist')).artist.uuid);
  const shared = { SV_HTTP_PORT: String(port), SV_HTTP_REUSE_PORT: '1' };
  await platform.startGateway(shared);
  await platform.startGateway(shared);
}, 180_000);

afterAll(async () => {
  await platform?.stop();
}, 120_000);

/** Requests a gateway process answered, from its own /metrics. */
const answered = async (index: number): Promise<number> =>
  totalOf(await scrapeServiceMetrics(platform.gateways[index]!.process), 'sv_http_requests_total');

describe('two gateway replicas sharing one port', () => {
  it('both listen on the port and both answer its connections', async () => {
    expect(platform.gateways.map((gateway) => new URL(gateway.url).port)).toEqual([String(port), String(port)]);
    const key = String((await platform.adminOk('key', 'create', '--tenant', 'shared', '--role', 'owner')).key);
    const api = apiClient(`http://127.0.0.1:${port}`, key);
    // A new connection each time, as many clients make: the kernel picks a replica per connection.
    const statuses = [];
    for (let i = 0; i < 40; i++) statuses.push((await api(`/v1/artists/${artist}`, { headers: { connection: 'close' } })).status);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const [first, second] = [await answered(0), await answered(1)];
    expect(first + second).toBeGreaterThanOrEqual(40);
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(0);
  });
});
