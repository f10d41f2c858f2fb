import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ROUTES } from '@sv/contracts';
import { apiClient, spawnServiceProcess, startPlatform, type ServiceProcess, type TestPlatform } from '@sv/testing';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { apiErrorOf, callTool as call, mcpClients, textOf } from './support/mcp-clients.ts';

/*
 * The MCP server as an agent meets it: its own process, spoken to with the SDK's client over
 * streamable HTTP, in front of two real platforms (production and sandbox) with their gateways.
 */

let production: TestPlatform;
let sandbox: TestPlatform;
let mcp: ServiceProcess;
let mcpUrl: string;
let productionKey: string;
let sandboxKey: string;
let imageHost: Server;
let imageUrl: string;

const { connect, closeAll } = mcpClients('mcp-e2e', () => mcpUrl);


/** A success's structured content: the API's answer body. */
const structured = (result: CallToolResult) => result.structuredContent as any;

const pngOf = (size: number): Promise<Buffer> =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r: 200, g: 30, b: 90 } } })
    .png()
    .toBuffer();

const ownerKey = async (platform: TestPlatform, slug: string): Promise<string> => {
  await platform.adminOk('tenant', 'create', '--slug', slug, '--name', `Label ${slug}`);
  return String((await platform.adminOk('key', 'create', '--tenant', slug, '--role', 'owner')).key);
};

beforeAll(async () => {
  // Production runs each domain's service, so a tool of every domain answers from its own.
  const everyDomain = { supplyChain: true, webhooks: true, ingestion: true, royalties: true, analytics: true };
  [production, sandbox] = await Promise.all([startPlatform(everyDomain), startPlatform({ environment: 'sandbox' })]);
  [productionKey, sandboxKey] = await Promise.all([ownerKey(production, 'mcp-label'), ownerKey(sandbox, 'mcp-label')]);
  const png = await pngOf(64);
  imageHost = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png));
  await new Promise<void>((resolve) => imageHost.listen(0, '127.0.0.1', resolve));
  imageUrl = `http://127.0.0.1:${(imageHost.address() as AddressInfo).port}/face.png`;
  mcp = spawnServiceProcess('mcp', 'services/mcp/src/main.ts', {
    SV_MCP_PORT: '0',
    SV_HEALTH_PORT: '0',
    SV_GATEWAY_URL: `${production.baseUrl}/v1`,
    SV_SANDBOX_GATEWAY_URL: `${sandbox.baseUrl}/v1`,
    // As in local development: the image host of this test is on loopback.
    SV_ALLOW_PRIVATE_URLS: '1',
    SV_LOCAL_DEVELOPMENT: '1',
  });
  mcpUrl = String((await mcp.waitForLog((line) => line.msg === 'mcp listening')).url);
}, 180_000);

afterAll(async () => {
  await closeAll();
  await mcp?.stop();
  await new Promise<void>((resolve) => (imageHost ? imageHost.close(() => resolve()) : resolve()));
  await Promise.allSettled([production?.stop(), sandbox?.stop()]);
}, 180_000);

describe('the MCP endpoint', () => {
  it('initialises as a stateless server with tools and resources', async () => {
    const client = await connect({ authorization: `Bearer ${productionKey}` });
    expect(client.getServerVersion()?.name).toBe('sv-mcp');
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {} });
    expect(client.getInstructions()).toMatch(/Authorization: Bearer/);
  });

  it('answers GET and DELETE on /mcp with 405, and is alive on /health', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(mcpUrl, { method, headers: { accept: 'text/event-stream' } });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
    const health = await fetch(new URL('/health', mcpUrl));
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', service: 'mcp' });
  });

  it('refuses a Host header it does not know (DNS-rebinding protection)', async () => {
    const url = new URL(mcpUrl);
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(
        { host: url.hostname, port: url.port, path: '/mcp', method: 'POST', headers: { host: 'attacker.example', 'content-type': 'application/json', accept: 'application/json, text/event-stream' } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.once('error', reject);
      request.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));
    });
    expect(status).toBe(403);
  });
});

describe('tools', () => {
  it('lists one tool per endpoint, uniquely named, with the annotations the spec asks for', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(ROUTES.filter((route) => route.aliasOf === undefined).length);
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(tools.length);
    const tool = (name: string) => tools.find((candidate) => candidate.name === name);
    expect(tool('delete_releases')?.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });
    expect(tool('purge_releases_ddex')?.annotations).toMatchObject({ destructiveHint: true });
    expect(tool('list_artists')?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(tool('set_releases_rights')?.annotations).toMatchObject({ idempotentHint: true, destructiveHint: false });
    for (const listed of tools) expect(typeof listed.annotations?.destructiveHint).toBe('boolean');
  });

  it('shows each tool the route schema: path parameters, query and body in one object', async () => {
    const { tools } = await (await connect()).listTools();
    const update = tools.find((tool) => tool.name === 'update_releases');
    expect(update?.inputSchema.required).toEqual(['uuid']);
    expect(Object.keys(update?.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['uuid', 'title', 'release_date', 'idempotency_key']));
    const create = tools.find((tool) => tool.name === 'create_releases');
    expect(create?.inputSchema.required).toEqual(expect.arrayContaining(['title', 'type', 'release_date', 'genre']));
    expect((create?.inputSchema.properties as Record<string, any>).type.enum).toEqual(['single', 'ep', 'album']);
  });

  it('reads and writes through the gateway with the caller\'s key', async () => {
    const client = await connect({ authorization: `Bearer ${productionKey}` });
    const slug = `mcp-${randomUUID().slice(0, 8)}`;
    const created = await call(client, 'create_artists', { name: 'Night Drive', slug });
    expect(created.isError).toBe(false);
    expect(structured(created)).toMatchObject({ artist: { name: 'Night Drive', slug } });
    const uuid = structured(created).artist.uuid as string;

    const direct = await apiClient(production.baseUrl, productionKey)(`/v1/artists/${uuid}`);
    expect(direct.status).toBe(200);
    expect(direct.body.artist).toMatchObject({ uuid, slug });

    const listed = await call(client, 'list_artists', { per_page: 100 });
    expect(listed.isError).toBe(false);
    expect(structured(listed).artists.map((artist: { uuid: string }) => artist.uuid)).toContain(uuid);
    expect(JSON.parse(textOf(listed))).toEqual(structured(listed));

    const updated = await call(client, 'update_artists', { uuid, bio: 'Synth records.' });
    expect(structured(updated)).toMatchObject({ artist: { name: 'Night Drive', bio: 'Synth records.' } });
  });

  it('answers each domain\'s tools with structured content that validates against the declared output schema and equals the text', async () => {
    const client = await connect({ authorization: `Bearer ${productionKey}` });
    const declared = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool.outputSchema]));
    const validator = new AjvJsonSchemaValidator();
    const created = await call(client, 'create_artists', { name: 'Schema Check', slug: `schema-${randomUUID().slice(0, 8)}` });
    const calls: [string, Record<string, unknown>][] = [
      ['get_artists', { uuid: structured(created).artist.uuid }],
      ['list_releases', { per_page: 5 }],
      ['list_supply_chain_dsps', {}],
      ['list_ingestion_jobs', {}],
      ['list_webhooks_event_types', {}],
      ['get_royalties_balance', {}],
      ['get_analytics_overview', {}],
      ['get_users_me', {}],
    ];
    for (const [name, args] of [['create_artists', {}] as const, ...calls]) {
      const result = name === 'create_artists' ? created : await call(client, name, args);
      const schema = declared.get(name);
      expect({ name, isError: result.isError, type: schema?.type }).toEqual({ name, isError: false, type: 'object', ...(result.isError ? { text: textOf(result) } : {}) });
      const check = validator.getValidator(schema as Record<string, unknown>)(result.structuredContent);
      expect({ name, valid: check.valid, errors: check.valid ? undefined : check.errorMessage }).toEqual({ name, valid: true, errors: undefined });
      expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
    }
  });

  it('declares no output schema for a tool without a JSON object answer, and answers it with status and body', async () => {
    const client = await connect({ authorization: `Bearer ${productionKey}` });
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === 'delete_artists')?.outputSchema).toBeUndefined();
    const created = await call(client, 'create_artists', { name: 'Short Lived', slug: `gone-${randomUUID().slice(0, 8)}` });
    const deleted = await call(client, 'delete_artists', { uuid: structured(created).artist.uuid });
    expect(deleted.isError).toBe(false);
    expect(deleted.structuredContent).toMatchObject({ status: 204 });
  });

  it('sends idempotency_key as the Idempotency-Key header: a retry replays the first answer', async () => {
    const client = await connect({ authorization: `Bearer ${productionKey}` });
    const args = { name: 'Once Only', slug: `once-${randomUUID().slice(0, 8)}`, idempotency_key: randomUUID() };
    const first = await call(client, 'create_artists', args);
    const retry = await call(client, 'create_artists', args);
    expect(first.isError).toBe(false);
    expect(structured(retry)).toEqual(structured(first));
    // Without the key the same body is a second create, refused for its slug.
    const { idempotency_key: _key, ...again } = args;
    expect(apiErrorOf(await call(client, 'create_artists', again)).status).toBe(409);
  });

  it('turns an API error into an error result carrying the API\'s status and error body as text, and no structured content', async () => {
    const client = await connect({ authorization: `Bearer ${productionKey}` });
    const invalid = await call(client, 'create_artists', { name: 'No Slug' });
    expect(invalid.isError).toBe(true);
    expect(invalid.structuredContent).toBeUndefined();
    expect(apiErrorOf(invalid)).toMatchObject({ status: 422, body: { success: false, errors: { slug: expect.any(Array) } } });
    const missing = await call(client, 'get_artists', { uuid: randomUUID() });
    expect(missing.isError).toBe(true);
    expect(missing.structuredContent).toBeUndefined();
    expect(apiErrorOf(missing)).toMatchObject({ status: 404, body: { error: 'Artist not found.' } });
  });

  it('refuses a call without an API key, before reaching the API', async () => {
    const withoutKey: Record<string, string>[] = [{}, { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }];
    for (const headers of withoutKey) {
      const client = await connect(headers);
      const result = await call(client, 'list_artists');
      expect(result).toEqual({ isError: true, content: [{ type: 'text', text: expect.stringContaining('Authorization: Bearer <API_KEY>') }] });
    }
    // Not even the API's anonymous routes answer without one: the server hands out no data keyless.
    const health = await call(await connect(), 'get_health');
    expect(health).toEqual({ isError: true, content: [{ type: 'text', text: expect.stringContaining('Authorization: Bearer <API_KEY>') }] });
    const withKey = await call(await connect({ authorization: `Bearer ${productionKey}` }), 'get_health');
    expect(structured(withKey)).toMatchObject({ environment: 'production' });
  });

  it('routes a call with X-Service-Env: sandbox to the sandbox gateway', async () => {
    const slug = `sbx-${randomUUID().slice(0, 8)}`;
    const inSandbox = await connect({ authorization: `Bearer ${sandboxKey}`, 'x-service-env': 'sandbox' });
    const created = await call(inSandbox, 'create_artists', { name: 'Sandbox Artist', slug });
    expect(created.isError).toBe(false);
    const uuid = structured(created).artist.uuid as string;
    expect((await apiClient(sandbox.baseUrl, sandboxKey)(`/v1/artists/${uuid}`)).status).toBe(200);
    expect(structured(await call(inSandbox, 'get_health')).environment).toBe('sandbox');

    // The sandbox key means nothing to production, where a call without the header goes.
    const inProduction = await connect({ authorization: `Bearer ${sandboxKey}` });
    const refused = await call(inProduction, 'get_artists', { uuid });
    expect(apiErrorOf(refused).status).toBe(401);
    const explicit = await connect({ authorization: `Bearer ${productionKey}`, 'x-service-env': 'production' });
    expect((await call(explicit, 'list_artists')).isError).toBe(false);
  });

  it('refuses an X-Service-Env other than production or sandbox', async () => {
    const client = await connect({ authorization: `Bearer ${productionKey}`, 'x-service-env': 'staging' });
    const result = await call(client, 'list_artists');
    expect(result).toEqual({ isError: true, content: [{ type: 'text', text: 'The X-Service-Env header must be production or sandbox, not "staging".' }] });
  });

  it('uploads a file given as base64 or fetched from a URL, as the route\'s multipart field', async () => {
    const client = await connect({ authorization: `Bearer ${productionKey}` });
    const created = await call(client, 'create_artists', { name: 'Faces', slug: `face-${randomUUID().slice(0, 8)}` });
    const uuid = structured(created).artist.uuid as string;

    const inline = await call(client, 'upload_artists_avatar', { uuid, file_base64: (await pngOf(40)).toString('base64'), file_name: 'me.png' });
    expect(inline.isError).toBe(false);
    expect(structured(inline)).toMatchObject({ artist: { uuid, avatar_url: expect.stringMatching(/\.jpg$/) } });

    const fetched = await call(client, 'upload_artists_banner', { uuid, file_url: imageUrl });
    expect(fetched.isError).toBe(false);
    expect(structured(fetched).artist.banner_url).toMatch(/\.jpg$/);

    const neither = await call(client, 'upload_artists_banner', { uuid });
    expect(neither).toEqual({ isError: true, content: [{ type: 'text', text: 'Give the file as file_url or as file_base64 (one of them).' }] });
  });
});

describe('resources', () => {
  it('lists the release rules and serves each as markdown', async () => {
    const client = await connect();
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri).sort()).toEqual(['sv://rules/ai-disclosure', 'sv://rules/qc-checks', 'sv://rules/release-metadata']);
    for (const resource of resources) {
      const { contents } = await client.readResource({ uri: resource.uri });
      expect(contents).toEqual([{ uri: resource.uri, mimeType: 'text/markdown', text: expect.stringMatching(/^# /) }]);
    }
    const metadata = (await client.readResource({ uri: 'sv://rules/release-metadata' })).contents[0] as { text: string };
    expect(metadata.text).toMatch(/\| `title` \| string \| \*\*yes\*\*/);
    expect(metadata.text).toContain('`submit_releases`');
    const ai = (await client.readResource({ uri: 'sv://rules/ai-disclosure' })).contents[0] as { text: string };
    expect(ai.text).toContain('`vocals`, `instrumentation`, `composition`, `lyrics`, `production`');
  });
});
