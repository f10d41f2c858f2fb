import { Messages } from '@sv/contracts';
import { expectError } from './support/api-expectations.ts';
import { createParty, createRelease, createTrack, useCreditsWorld, type Api } from './support/credits-world.ts';

/*
 * Writers, publishers and collaborators are the tenant's directory, but an artist key changes or
 * deletes only what is its artist's alone: a party another artist's track credits is 403 to it
 * (the owner still manages it); a party only its own tracks credit is its to change.
 */

const world = useCreditsWorld();

type Kind = 'writers' | 'publishers' | 'collaborators';

const make = async (api: Api, kind: Kind, name: string): Promise<string> => String((await createParty(api, kind, { name })).uuid);

/** A draft track of the key's own artist, crediting the given parties. */
const creditOnNewTrack = async (api: Api, parties: { writer?: string; publisher?: string; collaborator?: string }): Promise<void> => {
  const trackId = await createTrack(api, await createRelease(api));
  const response = await api(`/v1/tracks/${trackId}/credits`, {
    method: 'PUT',
    body: {
      writers: parties.writer ? [{ writer_id: parties.writer, role: 'composer', share: 100 }] : [],
      publishers: parties.publisher ? [{ publisher_id: parties.publisher, share: 100 }] : [],
      collaborators: parties.collaborator ? [{ collaborator_id: parties.collaborator, role: 'mixer' }] : [],
    },
  });
  expect(response.status).toBe(200);
};

const rename = (api: Api, kind: Kind, uuid: string, method: 'PATCH' | 'PUT' = 'PATCH') => api(`/v1/${kind}/${uuid}`, { method, body: { name: 'Renamed' } });
const remove = (api: Api, kind: Kind, uuid: string) => api(`/v1/${kind}/${uuid}`, { method: 'DELETE' });

describe.each(['writers', 'publishers', 'collaborators'] as const)('%s and artist keys', (kind) => {
  const singular = kind.slice(0, -1) as 'writer' | 'publisher' | 'collaborator';

  it("a party credited on two artists' tracks is 403 to either artist's key on update and delete; the owner still manages it", async () => {
    const shared = await make(world.a.owner, kind, `Shared ${singular}`);
    await creditOnNewTrack(world.a.nova, { [singular]: shared });
    await creditOnNewTrack(world.a.luna, { [singular]: shared });
    for (const artist of [world.a.nova, world.a.luna]) {
      expectError(await rename(artist, kind, shared), 403, Messages.forbidden);
      expectError(await rename(artist, kind, shared, 'PUT'), 403, Messages.forbidden);
      expectError(await remove(artist, kind, shared), 403, Messages.forbidden);
    }
    const read = await world.a.nova(`/v1/${kind}/${shared}`);
    expect(read.body[singular].name).toBe(`Shared ${singular}`);
    expect((await rename(world.a.owner, kind, shared)).status).toBe(200);
    expect((await remove(world.a.owner, kind, shared)).status).toBe(204);
  });

  it("a party only the artist's own tracks credit is the artist's to change and delete, and 403 to another artist's key", async () => {
    const own = await make(world.a.nova, kind, `Own ${singular}`);
    await creditOnNewTrack(world.a.nova, { [singular]: own });
    expectError(await rename(world.a.luna, kind, own), 403, Messages.forbidden);
    expectError(await remove(world.a.luna, kind, own), 403, Messages.forbidden);
    const renamed = await rename(world.a.nova, kind, own);
    expect([renamed.status, renamed.body[singular]?.name]).toEqual([200, 'Renamed']);
    expect((await remove(world.a.nova, kind, own)).status).toBe(204);
  });

  it('a party no track credits yet may be corrected by the artist key that needs it', async () => {
    const fresh = await make(world.a.nova, kind, `Fresh ${singular}`);
    expect((await rename(world.a.nova, kind, fresh)).status).toBe(200);
    expect((await remove(world.a.nova, kind, fresh)).status).toBe(204);
  });
});
