import { buildToolDefinitions, type ToolDefinition } from '../src/app/tools/tool-definitions.ts';
import { ArgumentError } from '../src/app/tools/argument-error.ts';
import { routeRequestParts } from '../src/app/tools/route-request.ts';

/* How a tool call's flat arguments become the gateway request: as sent, nothing added. */

const tools = new Map(buildToolDefinitions().map((tool) => [tool.name, tool]));
const partsOf = (name: string, args: Record<string, unknown>) => {
  const tool = tools.get(name) as ToolDefinition;
  return routeRequestParts(tool.route, tool.input.places, args);
};

const UUID = '0b6f2a53-5d0e-4c59-9a52-3f0d6f1f4a11';

describe('routeRequestParts', () => {
  it('fills path parameters in, escaped, and sends only the fields the caller gave', () => {
    expect(partsOf('update_releases', { uuid: UUID, title: 'New title' })).toEqual({ target: `/releases/${UUID}`, body: { title: 'New title' }, idempotencyKey: undefined });
    expect(partsOf('delete_releases_dsps', { uuid: ` ${UUID} `, slug: 'apple music' }).target).toBe(`/releases/${UUID}/dsps/apple%20music`);
    expect(partsOf('delete_releases_dsps', { uuid: UUID, slug: 12 }).target).toBe(`/releases/${UUID}/dsps/12`);
  });

  it('adds no defaults: a cursor walk sends its cursor and no page', () => {
    expect(partsOf('list_releases', { cursor: 'abc', per_page: 5 })).toMatchObject({ target: '/releases?cursor=abc&per_page=5', body: undefined });
    expect(partsOf('list_releases', {}).target).toBe('/releases');
  });

  it('repeats array query values', () => {
    expect(partsOf('list_releases', { status: ['draft', 'pending'] }).target).toBe('/releases?status=draft&status=pending');
  });

  it('sends undeclared arguments of a write in the body, for the gateway to judge', () => {
    expect(partsOf('create_artists', { name: 'A', slug: 'a', spotify_artist_id: 'x' }).body).toEqual({ name: 'A', slug: 'a', spotify_artist_id: 'x' });
  });

  it('sends no body for an action without one, an empty one for a write that takes one', () => {
    expect(partsOf('submit_releases', { uuid: UUID }).body).toBeUndefined();
    expect(partsOf('update_releases', { uuid: UUID }).body).toEqual({});
  });

  it('takes the idempotency key out of the body', () => {
    expect(partsOf('create_releases', { title: 'T', idempotency_key: 'k-1' })).toMatchObject({ body: { title: 'T' }, idempotencyKey: 'k-1' });
  });

  it('refuses a call without a path parameter', () => {
    expect(() => partsOf('get_releases', {})).toThrow(ArgumentError);
    expect(() => partsOf('get_releases', { uuid: ' ' })).toThrow('The uuid argument is required.');
  });
});
