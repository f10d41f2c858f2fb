import { ROUTES, defineRoute, type AnyRouteDefinition } from '@sv/contracts';
import { buildToolDefinitions, type ToolDefinition } from '../src/app/tools/tool-definitions.ts';
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
