import { Messages } from '@sv/contracts';
import { expectError, expectValidation } from './support/api-expectations.ts';
import { createParty, createRelease, createTrack, setReleaseStatus, useCreditsWorld, type Api } from './support/credits-world.ts';
import { eventsNaming } from './support/outbox.ts';

/*
 * GET and PUT /tracks/{uuid}/credits: who wrote, publishes and worked on a track.
 */

const world = useCreditsWorld();
/** Tenant A's parties: two writers, two publishers, a collaborator; tenant B's writer and publisher. */
const party = { w1: '', w2: '', p1: '', p2: '', c1: '', bWriter: '', bPublisher: '' };

const make = async (api: Api, path: string, name: string): Promise<string> => String((await createParty(api, path, { name })).uuid);

beforeAll(async () => {
  [party.w1, party.w2, party.p1, party.p2, party.c1, party.bWriter, party.bPublisher] = await Promise.all([
    make(world.a.owner, 'writers', 'Ada Writer'),
    make(world.a.owner, 'writers', 'Ben Writer'),
    make(world.a.owner, 'publishers', 'First Publishing'),
    make(world.a.owner, 'publishers', 'Second Publishing'),
    make(world.a.owner, 'collaborators', 'Cleo Mixer'),
    make(world.b.owner, 'writers', 'Foreign Writer'),
    make(world.b.owner, 'publishers', 'Foreign Publishing'),
  ]);
}, 120_000);

/** A draft release of artist nova with one track. */
const newTrack = async (): Promise<{ releaseId: string; trackId: string }> => {
  const releaseId = await createRelease(world.a.nova);
  return { releaseId, trackId: await createTrack(world.a.nova, releaseId) };
};

const fullBody = () => ({
  writers: [
    { writer_id: party.w1, role: 'composer', share: 50 },
    { writer_id: party.w2, role: 'lyricist', share: 50 },
  ],
  publishers: [
    { publisher_id: party.p1, writer_id: party.w1, share: 60 },
    { publisher_id: party.p2, share: 40 },
  ],
  collaborators: [{ collaborator_id: party.c1, role: 'mixer' }],
});

const put = (api: Api, trackId: string, body: unknown) => api(`/v1/tracks/${trackId}/credits`, { method: 'PUT', body });

describe('track credits', () => {
  it('a new track has no credits', async () => {
    const { trackId } = await newTrack();
    const response = await world.a.nova(`/v1/tracks/${trackId}/credits`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ credits: { writers: [], publishers: [], collaborators: [] } });
  });

  it('PUT sets every credit, answers {credits} with names, and records track.credits.updated', async () => {
    const { releaseId, trackId } = await newTrack();
    const response = await put(world.a.nova, trackId, fullBody());
    expect(response.status).toBe(200);
    const expected = {
      credits: {
        writers: [
          { writer_id: party.w1, name: 'Ada Writer', role: 'composer', share: 50 },
          { writer_id: party.w2, name: 'Ben Writer', role: 'lyricist', share: 50 },
        ],
        publishers: [
          { publisher_id: party.p1, name: 'First Publishing', writer_id: party.w1, share: 60 },
          { publisher_id: party.p2, name: 'Second Publishing', writer_id: null, share: 40 },
        ],
        collaborators: [{ collaborator_id: party.c1, name: 'Cleo Mixer', role: 'mixer' }],
      },
    };
    expect(response.body).toEqual(expected);
    expect((await world.a.owner(`/v1/tracks/${trackId}/credits`)).body).toEqual(expected);
    expect(await eventsNaming(world.db, 'track.credits.updated', 'track_id', trackId)).toEqual([
      { track_id: trackId, release_id: releaseId, writers: 2, publishers: 2, collaborators: 1 },
    ]);
  });

  it('PUT replaces the whole set: omitted lists become empty; shares may be strings and sum to 100 within 0.01', async () => {
    const { trackId } = await newTrack();
    await put(world.a.nova, trackId, fullBody());
    const thirds = {
      writers: [
        { writer_id: party.w1, role: 'composer', share: '33.33' },
        { writer_id: party.w1, role: 'lyricist', share: 33.33 },
        { writer_id: party.w2, role: 'arranger', share: 33.33 },
      ],
    };
    const response = await put(world.a.nova, trackId, thirds);
    expect(response.status).toBe(200);
    expect(response.body.credits.writers.map((w: { role: string; share: number }) => [w.role, w.share])).toEqual([
      ['composer', 33.33],
      ['lyricist', 33.33],
      ['arranger', 33.33],
    ]);
    expect(response.body.credits.publishers).toEqual([]);
    expect(response.body.credits.collaborators).toEqual([]);
    const cleared = await put(world.a.nova, trackId, {});
    expect(cleared.body).toEqual({ credits: { writers: [], publishers: [], collaborators: [] } });
  });

  it('refuses a body breaking the rules with 422 at each path, and changes nothing', async () => {
    const { trackId } = await newTrack();
    await put(world.a.nova, trackId, fullBody());
    const before = (await world.a.nova(`/v1/tracks/${trackId}/credits`)).body;

    const shares = await put(world.a.nova, trackId, {
      writers: [
        { writer_id: party.w1, role: 'composer', share: 50 },
        { writer_id: party.w2, role: 'lyricist', share: 40 },
      ],
      publishers: [{ publisher_id: party.p1, share: 99 }],
    });
    expectValidation(shares, ['writers', 'publishers']);
    expect(shares.body.errors.writers).toEqual(['The writer shares must add up to 100 (they add up to 90.00).']);

    expectValidation(
      await put(world.a.nova, trackId, {
        writers: [
          { writer_id: party.w1, role: 'composer', share: 50 },
          { writer_id: party.w1, role: 'composer', share: 50 },
        ],
        publishers: [{ publisher_id: party.p1, writer_id: party.w2, share: 100 }],
      }),
      ['writers.1', 'publishers.0.writer_id'],
    );
    expectValidation(
      await put(world.a.nova, trackId, {
        writers: [
          { writer_id: party.w1, role: 'singer', share: 100.001 },
          { writer_id: 'nope', role: 'composer', share: 150 },
        ],
        collaborators: [{ collaborator_id: party.c1 }],
      }),
      ['writers.0.role', 'writers.0.share', 'writers.1.writer_id', 'writers.1.share', 'collaborators.0.role'],
    );
    expectValidation(await put(world.a.nova, trackId, { writers: 'all of them' }), ['writers']);
    // No body at all is a mistake, not "remove every credit" (that is `{}`).
    expectValidation(await world.a.nova(`/v1/tracks/${trackId}/credits`, { method: 'PUT' }), ['body']);

    // Ids must name live parties of the caller's tenant.
    const foreign = await put(world.a.nova, trackId, {
      writers: [{ writer_id: party.bWriter, role: 'composer', share: 100 }],
      publishers: [{ publisher_id: party.bPublisher, share: 100 }],
      collaborators: [{ collaborator_id: party.w1, role: 'producer' }],
    });
    expectValidation(foreign, ['writers.0.writer_id', 'publishers.0.publisher_id', 'collaborators.0.collaborator_id']);
    expect(foreign.body.errors['writers.0.writer_id']).toEqual(['Writer not found.']);

    expect((await world.a.nova(`/v1/tracks/${trackId}/credits`)).body).toEqual(before);
  });

  it('a deleted writer keeps its existing credit but cannot be credited again', async () => {
    const { trackId } = await newTrack();
    const writer = await make(world.a.owner, 'writers', 'Soon Gone');
    await put(world.a.nova, trackId, { writers: [{ writer_id: writer, role: 'composer', share: 100 }] });
    expect((await world.a.owner(`/v1/writers/${writer}`, { method: 'DELETE' })).status).toBe(204);
    const read = await world.a.nova(`/v1/tracks/${trackId}/credits`);
    expect(read.body.credits.writers).toEqual([{ writer_id: writer, name: 'Soon Gone', role: 'composer', share: 100 }]);
    expectValidation(await put(world.a.nova, trackId, { writers: [{ writer_id: writer, role: 'composer', share: 100 }] }), [
      'writers.0.writer_id',
    ]);
  });

  it('credits change only while the release is draft or rejected (409 otherwise)', async () => {
    const { releaseId, trackId } = await newTrack();
    await put(world.a.nova, trackId, fullBody());
    for (const status of ['pending', 'qc_inspection', 'approved', 'live']) {
      await setReleaseStatus(world.db, releaseId, status);
      expectError(await put(world.a.nova, trackId, {}), 409, Messages.creditsLocked);
      expect((await world.a.nova(`/v1/tracks/${trackId}/credits`)).body.credits.writers).toHaveLength(2);
    }
    await setReleaseStatus(world.db, releaseId, 'rejected');
    expect((await put(world.a.nova, trackId, {})).status).toBe(200);
  });

  it("a track of another tenant, of another artist, deleted or malformed is 404 'Track not found.'", async () => {
    const { releaseId, trackId } = await newTrack();
    for (const api of [world.b.owner, world.b.artist, world.a.luna]) {
      expectError(await api(`/v1/tracks/${trackId}/credits`), 404, Messages.trackNotFound);
      expectError(await put(api, trackId, fullBody()), 404, Messages.trackNotFound);
    }
    expectError(await world.a.owner('/v1/tracks/not-a-uuid/credits'), 404, Messages.trackNotFound);
    expect((await world.a.nova(`/v1/tracks/${trackId}/credits`)).body.credits.writers).toEqual([]);

    const second = await createTrack(world.a.nova, releaseId, 2);
    expect((await world.a.nova(`/v1/tracks/${second}`, { method: 'DELETE' })).status).toBe(204);
    expectError(await world.a.nova(`/v1/tracks/${second}/credits`), 404, Messages.trackNotFound);
    expectError(await put(world.a.nova, second, {}), 404, Messages.trackNotFound);
  });
});
