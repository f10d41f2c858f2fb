import { Messages } from '@sv/contracts';
import { expectError, expectValidation } from './support/api-expectations.ts';
import { createRelease, createTrack, setReleaseStatus, useCreditsWorld, type Api } from './support/credits-world.ts';
import { eventsNaming } from './support/outbox.ts';

/*
 * GET and PUT /releases/{uuid}/rights and /tracks/{uuid}/rights: who holds which right, where
 * and when.
 */

const world = useCreditsWorld();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const master = {
  type: 'master',
  holder: 'Nova Records',
  share: 100,
  territory_codes: [],
  start_date: '2026-01-01',
  end_date: null,
  p_line: '(P) 2026 Nova Records',
  c_line: '(C) 2026 Nova Records',
};

/** Both subjects of rights, so every rule is checked on each. */
const subjects: [string, (releaseId: string) => Promise<string>, string][] = [
  ['releases', async (releaseId) => releaseId, 'release.rights.updated'],
  ['tracks', (releaseId) => createTrack(world.a.nova, releaseId), 'track.rights.updated'],
];

const put = (api: Api, path: string, body: unknown) => api(path, { method: 'PUT', body });

describe.each(subjects)('/%s/{uuid}/rights', (kind, subjectOf, eventType) => {
  const newSubject = async (): Promise<{ releaseId: string; path: string; id: string }> => {
    const releaseId = await createRelease(world.a.nova);
    const id = await subjectOf(releaseId);
    return { releaseId, id, path: `/v1/${kind}/${id}/rights` };
  };

  it('starts empty; PUT stores the records in order with a uuid each, and records its event', async () => {
    const { releaseId, id, path } = await newSubject();
    expect((await world.a.nova(path)).body).toEqual({ rights: [] });
    const body = {
      rights: [
        master,
        { type: 'publishing', holder: 'Song House', share: '62.5', territory_codes: ['gb', 'IE', 'GB'], end_date: '2030-12-31' },
        { type: 'publishing', holder: 'Other House', share: 37.5 },
      ],
    };
    const response = await put(world.a.nova, path, body);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      rights: [
        { uuid: expect.stringMatching(UUID), ...master },
        {
          uuid: expect.stringMatching(UUID),
          type: 'publishing',
          holder: 'Song House',
          share: 62.5,
          territory_codes: ['GB', 'IE'],
          start_date: null,
          end_date: '2030-12-31',
          p_line: null,
          c_line: null,
        },
        expect.objectContaining({ holder: 'Other House', share: 37.5, territory_codes: [] }),
      ],
    });
    expect((await world.a.owner(path)).body).toEqual(response.body);
    const data = kind === 'tracks' ? { release_id: releaseId, track_id: id, records: 3 } : { release_id: releaseId, records: 3 };
    expect(await eventsNaming(world.db, eventType, kind === 'tracks' ? 'track_id' : 'release_id', id)).toEqual([data]);
  });

  it('PUT replaces the whole set (an empty list clears it)', async () => {
    const { path } = await newSubject();
    const first = (await put(world.a.nova, path, { rights: [master] })).body.rights[0].uuid;
    const second = await put(world.a.nova, path, { rights: [{ type: 'sync', holder: 'Sync Co', share: 50 }] });
    expect(second.body.rights).toEqual([expect.objectContaining({ type: 'sync', holder: 'Sync Co' })]);
    expect(second.body.rights[0].uuid).not.toBe(first);
    expect((await put(world.a.nova, path, { rights: [] })).body).toEqual({ rights: [] });
    expect((await world.a.nova(path)).body).toEqual({ rights: [] });
  });

  it('shares of one type may not exceed 100 where territories and periods overlap (422)', async () => {
    const { path } = await newSubject();
    await put(world.a.nova, path, { rights: [master] });
    // Different territories or periods do not add up.
    const apart = await put(world.a.nova, path, {
      rights: [
        { type: 'master', holder: 'UK Label', share: 100, territory_codes: ['GB'] },
        { type: 'master', holder: 'US Label', share: 100, territory_codes: ['US'] },
        { type: 'sync', holder: 'Early', share: 100, end_date: '2026-12-31' },
        { type: 'sync', holder: 'Late', share: 100, start_date: '2027-01-01' },
        { type: 'neighbouring', holder: 'Other type', share: 100 },
      ],
    });
    expect(apart.status).toBe(200);
    const worldwideOverlap = await put(world.a.nova, path, {
      rights: [
        { type: 'master', holder: 'Everywhere', share: 60 },
        { type: 'master', holder: 'Germany', share: 50, territory_codes: ['DE'] },
      ],
    });
    expectValidation(worldwideOverlap, ['rights']);
    expect(worldwideOverlap.body.errors.rights).toEqual([
      'The master shares add up to 110.00 in DE; shares of one type may not exceed 100 where they overlap.',
    ]);
    const periodOverlap = await put(world.a.nova, path, {
      rights: [
        { type: 'sync', holder: 'A', share: 70, start_date: '2026-01-01', end_date: '2026-06-30' },
        { type: 'sync', holder: 'B', share: 40, start_date: '2026-06-30' },
      ],
    });
    expectValidation(periodOverlap, ['rights']);
    expect(periodOverlap.body.errors.rights[0]).toContain('from 2026-06-30');
    expect((await world.a.nova(path)).body.rights).toHaveLength(5);
  });

  it('validates every record (422 at its path) and changes nothing', async () => {
    const { path } = await newSubject();
    await put(world.a.nova, path, { rights: [master] });
    expectValidation(await put(world.a.nova, path, {}), ['rights']);
    const response = await put(world.a.nova, path, {
      rights: [
        { type: 'mechanical', holder: '', share: 101, territory_codes: ['XX', 'gbr'] },
        { type: 'master', holder: 'H', share: 10.555, start_date: '2026-02-30', end_date: '31/12/2026' },
        { type: 'master', holder: 'H', share: 10, p_line: 'p'.repeat(501) },
      ],
    });
    expectValidation(response, [
      'rights.0.type',
      'rights.0.holder',
      'rights.0.share',
      'rights.0.territory_codes.0',
      'rights.0.territory_codes.1',
      'rights.1.share',
      'rights.1.start_date',
      'rights.1.end_date',
      'rights.2.p_line',
    ]);
    // Rules across fields and records are checked once every field is valid.
    const backwards = await put(world.a.nova, path, {
      rights: [{ type: 'master', holder: 'H', share: 10, start_date: '2026-05-01', end_date: '2026-04-30' }],
    });
    expectValidation(backwards, ['rights.0.end_date']);
    expect(backwards.body.errors['rights.0.end_date']).toEqual(['The end_date must not be before the start_date.']);
    expect((await world.a.nova(path)).body.rights).toEqual([expect.objectContaining({ holder: 'Nova Records' })]);
  });

  it('rights change only while the release is draft or rejected (409 otherwise)', async () => {
    const { releaseId, path } = await newSubject();
    await put(world.a.nova, path, { rights: [master] });
    for (const status of ['pending', 'approved', 'live']) {
      await setReleaseStatus(world.db, releaseId, status);
      expectError(await put(world.a.nova, path, { rights: [] }), 409, Messages.rightsLocked);
    }
    expect((await world.a.nova(path)).body.rights).toHaveLength(1);
    await setReleaseStatus(world.db, releaseId, 'rejected');
    expect((await put(world.a.nova, path, { rights: [] })).status).toBe(200);
  });

  it('another tenant, another artist or a malformed id is 404', async () => {
    const { path } = await newSubject();
    const message = kind === 'tracks' ? Messages.trackNotFound : Messages.releaseNotFound;
    for (const api of [world.b.owner, world.b.artist, world.a.luna]) {
      expectError(await api(path), 404, message);
      expectError(await put(api, path, { rights: [master] }), 404, message);
    }
    expectError(await world.a.owner(`/v1/${kind}/42/rights`), 404, message);
    expect((await world.a.nova(path)).body).toEqual({ rights: [] });
  });
});
