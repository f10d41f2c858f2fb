import { randomUUID } from 'node:crypto';
import { apiClient, spawnServiceProcess, startPlatform, startReceiver, type Receiver, type ServiceProcess, type TestPlatform } from '@sv/testing';
import { apiErrorOf, callTool as call, mcpClients } from './support/mcp-clients.ts';

/*
 * What a caller's arguments cannot make the MCP server do, against a real platform: climb out of
 * a path segment to another route, make the server fetch a URL without a key the API accepts,
 * or overflow its stack.
 */

let platform: TestPlatform;
let mcp: ServiceProcess;
let mcpUrl: string;
/** The tenant owner's key; owners create no releases, so those are made with an artist's key. */
let key: string;
let artistKey: string;
let receiver: Receiver;

const { connect, closeAll } = mcpClients('mcp-untrusted-e2e', () => mcpUrl);


beforeAll(async () => {
  platform = await startPlatform();
  await platform.adminOk('tenant', 'create', '--slug', 'mcp-untrusted', '--name', 'Untrusted Input Label');
  key = String((await platform.adminOk('key', 'create', '--tenant', 'mcp-untrusted', '--role', 'owner')).key);
  const artist = await platform.adminOk('artist', 'create', '--tenant', 'mcp-untrusted', '--name', 'Still Here', '--slug', 'still-here');
  artistKey = String((await platform.adminOk('key', 'create', '--tenant', 'mcp-untrusted', '--role', 'artist', '--artist', String(artist.artist.uuid))).key);
  receiver = await startReceiver({ file: () => ({ status: 200, body: 'not really an image' }) });
  mcp = spawnServiceProcess('mcp', 'services/mcp/src/main.ts', {
    SV_MCP_PORT: '0',
    SV_HEALTH_PORT: '0',
    SV_GATEWAY_URL: `${platform.baseUrl}/v1`,
    // The receiver of the file_url test is on loopback, as in local development.
    SV_ALLOW_PRIVATE_URLS: '1',
    SV_LOCAL_DEVELOPMENT: '1',
  });
  mcpUrl = String((await mcp.waitForLog((line) => line.msg === 'mcp listening')).url);
}, 180_000);

afterAll(async () => {
  await closeAll();
  await mcp?.stop();
  await receiver?.close();
  await platform?.stop();
}, 180_000);

describe('a sub-resource delete with a path argument that climbs', () => {
  const climbs: [string, string][] = [
    ['delete_releases_dsps', 'slug'],
    ['delete_releases_localizations', 'locale'],
    ['delete_releases_animated_artwork', 'asset_type'],
  ];

  it.each(climbs)('%s with %s ".." (or an encoded form) is refused, and the release survives', async (tool, param) => {
    const api = apiClient(platform.baseUrl, artistKey);
    const created = await api('/v1/releases', { body: { title: 'Still Here', type: 'single', release_date: '2031-05-01', genre: 'Electronic' } });
    expect(created.status).toBe(201);
    const uuid = created.body.release.uuid as string;
    const client = await connect({ authorization: `Bearer ${artistKey}` });
    for (const value of ['..', '.', '%2e%2e', '%252e%252e', '../..', '..\\..']) {
      const result = await call(client, tool, { uuid, [param]: value });
      expect(result).toEqual({ isError: true, content: [{ type: 'text', text: expect.stringContaining(`The ${param} argument is not a valid path parameter`) }] });
    }
    expect((await api(`/v1/releases/${uuid}`)).status).toBe(200);
  });
});

describe('an upload from file_url', () => {
  it('fetches nothing for a caller without a key, or with a key the API refuses', async () => {
    const api = apiClient(platform.baseUrl, key);
    const artist = await api('/v1/artists', { body: { name: 'Fetch Guard', slug: `guard-${randomUUID().slice(0, 8)}` } });
    const uuid = artist.body.artist.uuid as string;
    const fileUrl = receiver.url('/file/banner.png');

    const keyless = await call(await connect(), 'upload_artists_banner', { uuid, file_url: fileUrl });
    expect(keyless.isError).toBe(true);
    const refused = await call(await connect({ authorization: 'Bearer sk_not_a_real_key' }), 'upload_artists_banner', { uuid, file_url: fileUrl });
    expect(refused.isError).toBe(true);
    expect(apiErrorOf(refused)).toMatchObject({ status: 401 });
    expect(receiver.at('/file/banner.png')).toHaveLength(0);

    // The same call with the caller's key does fetch: the receiver counts what it would have served.
    const accepted = await call(await connect({ authorization: `Bearer ${key}` }), 'upload_artists_banner', { uuid, file_url: fileUrl });
    expect(apiErrorOf(accepted)).toMatchObject({ status: 422 });
    expect(receiver.at('/file/banner.png')).toHaveLength(1);
  });
});

describe('a message nested 5,000 deep', () => {
  it('is refused with a JSON-RPC error naming the limit, not a stack overflow', async () => {
    const nested = '['.repeat(5_000) + ']'.repeat(5_000);
    const response = await fetch(mcpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${key}` },
      body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"create_artists","arguments":{"name":"Deep","slug":"deep","bio":${nested}}}}`,
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(-32600);
    expect(body.error.message).toMatch(/^Invalid request: the JSON nests objects or arrays more than \d+ levels deep\.$/);
    expect(JSON.stringify(body)).not.toMatch(/call stack/i);
  });
});
