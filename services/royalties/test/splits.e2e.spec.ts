import { Messages } from '@sv/contracts';
import { seedRelease, useRoyaltiesWorld, type SeededRelease } from './support/royalties-world.ts';

/*
 * PUT and GET /tracks/{uuid}/splits through the gateway: the tenant-admin tier sets a track's split,
 * which names artists, users, writers or external payees and must sum to 100 within 0.01.
 */

const world = useRoyaltiesWorld();
let release: SeededRelease;

beforeAll(async () => {
  release = await seedRelease(world.a.artist, 2);
}, 60_000);

const splitsOf = (trackId: string) => `/v1/tracks/${trackId}/splits`;

describe('track splits', () => {
  it('starts empty, takes a three-way split with two decimals, and answers it in order', async () => {
    const trackId = release.tracks[0]!.id;
    const empty = await world.a.artist(splitsOf(trackId));
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ track_id: trackId, splits: [], updated_at: null });

    const splits = [
      { name: 'Nova', artist_id: world.a.artistId, percentage: 33.33 },
      { name: 'Orbit', artist_id: world.a.otherArtistId, percentage: '33.33' },
      { name: 'Session player', email: 'player@example.com', percentage: 33.34 },
    ];
    const put = await world.a.owner(splitsOf(trackId), { method: 'PUT', body: { splits } });
    expect(put.status).toBe(200);
    expect(put.body.splits).toEqual([
      { payee_type: 'artist', name: 'Nova', email: null, artist_id: world.a.artistId, user_id: null, writer_id: null, percentage: 33.33 },
      { payee_type: 'artist', name: 'Orbit', email: null, artist_id: world.a.otherArtistId, user_id: null, writer_id: null, percentage: 33.33 },
      { payee_type: 'external', name: 'Session player', email: 'player@example.com', artist_id: null, user_id: null, writer_id: null, percentage: 33.34 },
    ]);
    // The artist whose track it is reads what the owner set.
    const read = await world.a.artist(splitsOf(trackId));
    expect(read.body.splits).toEqual(put.body.splits);
    expect(read.body.updated_at).toEqual(expect.any(String));
  });

  it('replaces the whole set on the next PUT', async () => {
    const trackId = release.tracks[1]!.id;
    await world.a.owner(splitsOf(trackId), { method: 'PUT', body: { splits: [{ name: 'Nova', artist_id: world.a.artistId, percentage: 100 }] } });
    const second = await world.a.owner(splitsOf(trackId), {
      method: 'PUT',
      body: { splits: [{ name: 'Nova', artist_id: world.a.artistId, percentage: 60 }, { name: 'Producer', email: 'producer@example.com', percentage: 40 }] },
    });
    expect(second.status).toBe(200);
    expect((await world.a.owner(splitsOf(trackId))).body.splits.map((row: { name: string; percentage: number }) => [row.name, row.percentage])).toEqual([
      ['Nova', 60],
      ['Producer', 40],
    ]);
  });

  it('refuses rows that do not sum to 100 within 0.01 with the spec message, and keeps the split in force', async () => {
    const trackId = release.tracks[1]!.id;
    const before = (await world.a.owner(splitsOf(trackId))).body.splits;
    for (const percentages of [[50, 49.98], [50, 50.02], [99]]) {
      const splits = percentages.map((percentage, index) => ({ name: `Payee ${index}`, email: `payee${index}@example.com`, percentage }));
      const response = await world.a.owner(splitsOf(trackId), { method: 'PUT', body: { splits } });
      expect([percentages, response.status, response.body.error, response.body.errors?.splits]).toEqual([percentages, 422, Messages.splitsSum, [Messages.splitsSum]]);
    }
    // Within 0.01 is accepted (three thirds of 33.33 sum to 99.99).
    const thirds = [0, 1, 2].map((index) => ({ name: `Third ${index}`, email: `third${index}@example.com`, percentage: 33.33 }));
    expect((await world.a.owner(splitsOf(release.tracks[0]!.id), { method: 'PUT', body: { splits: thirds } })).status).toBe(200);
    expect((await world.a.owner(splitsOf(trackId))).body.splits).toEqual(before);
  });

  it('keeps percentages of up to four decimals exactly: three of 33.333 (99.999) are accepted and read back as sent', async () => {
    const trackId = release.tracks[0]!.id;
    const splits = [
      { name: 'Nova', artist_id: world.a.artistId, percentage: 33.333 },
      { name: 'Orbit', artist_id: world.a.otherArtistId, percentage: '33.333' },
      { name: 'Session player', email: 'player@example.com', percentage: 33.333 },
    ];
    const put = await world.a.owner(splitsOf(trackId), { method: 'PUT', body: { splits } });
    expect(put.status).toBe(200);
    expect(put.body.splits.map((row: { percentage: number }) => row.percentage)).toEqual([33.333, 33.333, 33.333]);
    expect((await world.a.artist(splitsOf(trackId))).body.splits.map((row: { percentage: number }) => row.percentage)).toEqual([33.333, 33.333, 33.333]);

    const finest = [12.3456, 87.6544].map((percentage, index) => ({ name: `Payee ${index}`, email: `payee${index}@example.com`, percentage }));
    expect((await world.a.owner(splitsOf(trackId), { method: 'PUT', body: { splits: finest } })).status).toBe(200);
    expect((await world.a.owner(splitsOf(trackId))).body.splits.map((row: { percentage: number }) => row.percentage)).toEqual([12.3456, 87.6544]);
  });

  it('refuses 50 + 49 with the spec message as the error, and a percentage of five decimals at its row', async () => {
    const trackId = release.tracks[0]!.id;
    const before = (await world.a.owner(splitsOf(trackId))).body.splits;
    const short = await world.a.owner(splitsOf(trackId), {
      method: 'PUT',
      body: { splits: [{ name: 'Nova', artist_id: world.a.artistId, percentage: 50 }, { name: 'Producer', email: 'producer@example.com', percentage: 49 }] },
    });
    expect(short.status).toBe(422);
    expect(short.body.error).toBe('Split percentages must sum to 100.');
    expect(short.body.errors).toEqual({ splits: [Messages.splitsSum] });

    const fine = await world.a.owner(splitsOf(trackId), {
      method: 'PUT',
      body: { splits: [{ name: 'Nova', artist_id: world.a.artistId, percentage: 33.33333 }, { name: 'Producer', email: 'producer@example.com', percentage: 66.66667 }] },
    });
    expect(fine.status).toBe(422);
    expect(Object.keys(fine.body.errors)).toEqual(['splits.0.percentage', 'splits.1.percentage']);
    expect(fine.body.error).not.toBe(Messages.splitsSum);
    expect((await world.a.owner(splitsOf(trackId))).body.splits).toEqual(before);
  });

  it('refuses a payee the workspace does not have, a payee named twice, and an external payee without email (422 at the row)', async () => {
    const trackId = release.tracks[1]!.id;
    const unknownArtist = await world.a.owner(splitsOf(trackId), {
      method: 'PUT',
      body: { splits: [{ name: 'Bee', artist_id: world.b.artistId, percentage: 50 }, { name: 'Nova', artist_id: world.a.artistId, percentage: 50 }] },
    });
    expect(unknownArtist.status).toBe(422);
    expect(Object.keys(unknownArtist.body.errors)).toEqual(['splits.0.artist_id']);

    const twice = await world.a.owner(splitsOf(trackId), {
      method: 'PUT',
      body: { splits: [{ name: 'Nova', artist_id: world.a.artistId, percentage: 50 }, { name: 'Nova again', artist_id: world.a.artistId, percentage: 50 }] },
    });
    expect(twice.status).toBe(422);
    expect(Object.keys(twice.body.errors)).toEqual(['splits.1.artist_id']);

    const noEmail = await world.a.owner(splitsOf(trackId), { method: 'PUT', body: { splits: [{ name: 'Someone', percentage: 100 }] } });
    expect(noEmail.status).toBe(422);
    expect(Object.keys(noEmail.body.errors)).toEqual(['splits.0.email']);
  });

  it('lets only the tenant-admin tier set splits (403), and hides another tenant\'s track (404)', async () => {
    const trackId = release.tracks[0]!.id;
    const body = { splits: [{ name: 'Nova', artist_id: world.a.artistId, percentage: 100 }] };
    expect((await world.a.artist(splitsOf(trackId), { method: 'PUT', body })).status).toBe(403);
    expect((await world.a.team(splitsOf(trackId), { method: 'PUT', body })).status).toBe(403);
    const foreign = await world.b.owner(splitsOf(trackId), { method: 'PUT', body: { splits: [{ name: 'Bee', artist_id: world.b.artistId, percentage: 100 }] } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe(Messages.trackNotFound);
    expect((await world.b.owner(splitsOf(trackId))).status).toBe(404);
    // Another artist of the same tenant does not see a track that is not theirs.
    expect((await world.a.otherArtist(splitsOf(trackId))).status).toBe(404);
  });
});

