import { z } from 'zod';
import { ROUTES, defineRoute, type AnyRouteDefinition } from '@sv/contracts';
import { buildToolDefinitions, type ToolDefinition } from '../src/app/tools/tool-definitions.ts';
import { TOOL_DOMAINS } from '../src/app/tools/tool-domains.ts';
import { toolNamesOf } from '../src/app/tools/tool-names.ts';

/*
 * The tools as the registry makes them: one per endpoint, named by the spec's rule, flagged as
 * the spec says. Pure: no server, no network.
 */

const tools = buildToolDefinitions();
const byName = new Map(tools.map((tool) => [tool.name, tool]));
const toolOf = (name: string): ToolDefinition => {
  const tool = byName.get(name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool;
};

describe('one tool per endpoint', () => {
  it('makes a tool of every registry route except the aliases of another one', () => {
    const endpoints = ROUTES.filter((route) => route.aliasOf === undefined);
    expect(tools).toHaveLength(endpoints.length);
    expect(tools.map((tool) => tool.route)).toEqual(endpoints);
    expect(ROUTES.length - endpoints.length).toBeGreaterThan(0);
  });

  it('names every tool uniquely, in snake case', () => {
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(tools.length);
    for (const tool of tools) expect(tool.name).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  it('carries the names the spec gives as examples', () => {
    expect(toolOf('submit_releases').title).toBe('POST /releases/{uuid}/submit');
    expect(toolOf('deliver_releases_ddex').title).toBe('POST /releases/{uuid}/ddex/deliver');
  });
});

describe('the naming rule', () => {
  it.each([
    ['list_releases', 'GET /releases'],
    ['get_releases', 'GET /releases/{uuid}'],
    ['create_releases', 'POST /releases'],
    ['update_releases', 'PATCH /releases/{uuid}'],
    ['set_releases', 'PUT /releases/{uuid}'],
    ['delete_releases', 'DELETE /releases/{uuid}'],
    ['list_releases_tracks', 'GET /releases/{uuid}/tracks'],
    ['create_releases_tracks', 'POST /releases/{uuid}/tracks'],
    ['list_supply_chain_dsps', 'GET /supply-chain/dsps'],
    ['get_supply_chain_releases_effective_config', 'GET /supply-chain/releases/{uuid}/effective-config'],
    ['get_users_me', 'GET /users/me'],
    ['purge_releases_ddex', 'POST /releases/{uuid}/ddex/purge'],
    ['deliver_releases_ddex_by_slug', 'POST /releases/{uuid}/ddex/deliver/{slug}'],
    ['set_releases_dsps', 'PUT /releases/{uuid}/dsps'],
    ['set_releases_dsps_by_slug', 'PUT /releases/{uuid}/dsps/{slug}'],
    ['regenerate_secret_webhooks', 'POST /webhooks/{uuid}/regenerate-secret'],
    ['upload_tracks_audio', 'POST /tracks/{uuid}/audio'],
    ['upload_videos', 'POST /videos/{uuid}/upload'],
    ['list_webhooks_event_types', 'GET /webhooks/event-types'],
  ])('%s is %s', (name, title) => {
    expect(toolOf(name).title).toBe(title);
  });

  it('reads start list_ or get_, writes create_, update_, set_ or delete_, uploads upload_', () => {
    const prefixes: Record<string, RegExp> = { GET: /^(list|get)_/, PUT: /^set_/, PATCH: /^update_/, DELETE: /^delete_/ };
    for (const tool of tools) {
      const expected = prefixes[tool.route.method];
      if (expected) expect(tool.name).toMatch(expected);
      if (tool.route.upload) expect(tool.name).toMatch(/^upload_/);
    }
  });

  it('refuses to start with two routes it cannot tell apart', () => {
    const twin = (path: string): AnyRouteDefinition =>
      defineRoute({ method: 'POST', path, service: 'catalogue', operation: 'releases.create', summary: 'x', responses: {} }) as AnyRouteDefinition;
    expect(() => toolNamesOf([twin('/a-b'), twin('/a_b')])).toThrow(/create_a_b/);
  });
});

describe('annotations', () => {
  it('flags tools that deliver, take down, delete or reject as destructive, and says false on every other', () => {
    const destructive = tools.filter((tool) => tool.annotations.destructiveHint).map((tool) => tool.name);
    expect(destructive).toEqual(
      expect.arrayContaining(['delete_releases', 'deliver_releases_ddex', 'deliver_releases_ddex_by_slug', 'redeliver_releases_ddex', 'purge_releases_ddex', 'reject_releases', 'reject_videos']),
    );
    for (const tool of tools) {
      const expected = tool.route.method === 'DELETE' || /^(deliver|redeliver|purge|reject)_/.test(tool.name);
      expect({ name: tool.name, destructive: tool.annotations.destructiveHint }).toEqual({ name: tool.name, destructive: expected });
    }
    expect(toolOf('submit_releases').annotations.destructiveHint).toBe(false);
  });

  it('marks reads read-only and PUT writes idempotent', () => {
    expect(toolOf('list_releases').annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(toolOf('create_releases').annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false });
    expect(toolOf('set_releases_rights').annotations).toMatchObject({ readOnlyHint: false, idempotentHint: true, destructiveHint: false });
    for (const tool of tools) expect(tool.annotations.readOnlyHint).toBe(tool.route.method === 'GET');
  });
});

describe('descriptions and inputs', () => {
  it('describes a tool by its route summary', () => {
    expect(toolOf('list_releases').description).toContain(ROUTES.find((route) => route.operation === 'releases.list')?.summary);
  });

  it('offers path parameters, query and body fields as one set of arguments', () => {
    const { places } = toolOf('update_releases').input;
    expect(places.params).toEqual(['uuid']);
    expect(places.body).toEqual(expect.arrayContaining(['title', 'release_date', 'updated_at']));
    expect(toolOf('list_releases').input.places.query).toEqual(expect.arrayContaining(['page', 'per_page', 'cursor', 'status']));
  });

  it('gives upload tools a file by URL or base64, and idempotent writes an idempotency key', () => {
    expect(toolOf('upload_releases_artwork').input.places.control).toEqual(['file_url', 'file_base64', 'file_name', 'content_type']);
    expect(toolOf('create_releases').input.places.control).toEqual(['idempotency_key']);
    expect(toolOf('get_releases').input.places.control).toEqual([]);
  });
});

/** True when every success of the route answers a JSON object (no 204, no file, no XML). */
const answersJsonObject = (route: AnyRouteDefinition): boolean =>
  Object.values(route.responses).every(
    (spec) => spec?.body !== undefined && spec.contentType === undefined && (z.toJSONSchema(spec.body, { io: 'output', unrepresentable: 'any' }) as { type?: unknown }).type === 'object',
  );

describe('output schemas', () => {
  it('declares an object output schema on every tool whose route answers a JSON object, and none on the others', () => {
    for (const tool of tools) {
      const declared = tool.output?.jsonSchema;
      if (answersJsonObject(tool.route)) expect({ name: tool.name, type: declared?.type }).toEqual({ name: tool.name, type: 'object' });
      else expect({ name: tool.name, declared }).toEqual({ name: tool.name, declared: undefined });
    }
    expect(tools.filter((tool) => tool.output).length).toBeGreaterThan(tools.length / 2);
  });

  it('takes the schema from the route\'s response body: fields, required ones and enums', () => {
    const artist = toolOf('get_artists').output?.jsonSchema as { required: string[]; properties: Record<string, any> };
    expect(artist.required).toEqual(['artist']);
    expect(artist.properties.artist.properties.status.enum).toEqual(['active', 'inactive']);
    expect(toolOf('list_releases').output?.jsonSchema.properties).toHaveProperty('releases');
  });

  it('declares none for a 204 or an XML preview', () => {
    expect(toolOf('delete_releases').output).toBeUndefined();
    const preview = tools.find((tool) => tool.route.path === '/releases/:uuid/ddex/preview/:file');
    expect(preview?.output).toBeUndefined();
  });

  it('derives a new route\'s schema and domain from the route alone', () => {
    const route = defineRoute({
      method: 'POST',
      path: '/ddex/check',
      service: 'delivery',
      operation: 'releases.create',
      summary: 'x',
      responses: { 200: { description: 'ok', body: z.object({ valid: z.boolean() }) } },
    } as never) as AnyRouteDefinition;
    const [tool] = buildToolDefinitions([route]);
    expect(tool?.domain).toBe('supply-chain');
    expect(tool?.output?.jsonSchema).toMatchObject({ type: 'object', properties: { valid: { type: 'boolean' } }, required: ['valid'] });
  });
});

describe('domains', () => {
  it('puts every tool in exactly one domain, and every domain has tools', () => {
    for (const tool of tools) expect(TOOL_DOMAINS.filter((domain) => domain === tool.domain)).toHaveLength(1);
    const counts = Object.fromEntries(TOOL_DOMAINS.map((domain) => [domain, tools.filter((tool) => tool.domain === domain).length]));
    for (const domain of TOOL_DOMAINS) expect(counts[domain]).toBeGreaterThan(0);
    expect(Object.values(counts).reduce((sum, count) => sum + (count ?? 0), 0)).toBe(tools.length);
  });

  it('groups tools by their route\'s service', () => {
    expect(toolOf('create_releases').domain).toBe('catalogue');
    expect(toolOf('deliver_releases_ddex').domain).toBe('supply-chain');
    expect(toolOf('list_supply_chain_dsps').domain).toBe('supply-chain');
    expect(toolOf('list_webhooks_event_types').domain).toBe('webhooks');
    expect(toolOf('get_users_me').domain).toBe('account');
    for (const tool of tools) {
      if (tool.route.path.startsWith('/finance') || tool.route.path.startsWith('/royalties')) expect(tool.domain).toBe('money');
      if (tool.route.path.startsWith('/analytics')) expect(tool.domain).toBe('analytics');
      if (tool.route.path.startsWith('/ingest')) expect(tool.domain).toBe('ingestion');
    }
  });
});
