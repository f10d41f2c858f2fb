import { Messages } from '@sv/contracts';
import type { ApiResponse } from '@sv/testing';
import { expectConflict, expectError, expectValidation } from './support/api-expectations.ts';
import { wavFile } from './support/audio-fixtures.ts';
import { useCatalogueWorld, type Api } from './support/catalogue-world.ts';
import { eventsOf as outboxEventsOf } from './support/outbox.ts';
import { postRelease, postTrack } from './support/release-builders.ts';

/*
 * The spec's Track resource and Tracks endpoints (rules 2–6), through the real gateway with keys
 * issued by the operator command; releases are created and submitted through the API.
 */

type Track = Record<string, any> & { uuid: string; isrc: string; position: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const YEAR = String(new Date().getUTCFullYear() % 100).padStart(2, '0');
/** The default registrant (SV_ISRC_REGISTRANT), the year, a five-digit designation. */
const AUTO_ISRC = new RegExp(`^QZSVD${YEAR}\\d{5}$`);
const MINIMAL = { title: 'Opening', position: 1, explicit: false };

const world = useCatalogueWorld({ supplyChain: true });

/**
 * Tenant A: roster keys (several, as the general rate limit is per token), an artist key of
 * "nova" and one of "luna". Tenant B: a roster key and an artist, for isolation.
 */
const a = { nova: '', luna: '', keys: [] as Api[], novaKey: {} as Api, lunaKey: {} as Api };
const b = { nova: '', roster: {} as Api };
let nextKey = 0;
/** A roster key of tenant A; each test group takes its own. */
const rosterA = (): Api => a.keys[nextKey++ % a.keys.length]!;

beforeAll(async () => {
  await world.tenant('trk-a', 'Label A');
  await world.tenant('trk-b', 'Label B');
  [a.nova, a.luna, b.nova] = await Promise.all([world.artist('trk-a', 'nova'), world.artist('trk-a', 'luna'), world.artist('trk-b', 'nova')]);
  const keys = await Promise.all([
    ...Array.from({ length: 8 }, () => world.key('trk-a', 'owner', '--roster')),
    world.key('trk-a', 'artist', '--artist', a.nova),
    world.key('trk-a', 'artist', '--artist', a.luna),
    world.key('trk-b', 'owner', '--roster'),
  ]);
  a.keys = keys.slice(0, 8);
  [a.novaKey, a.lunaKey, b.roster] = keys.slice(8) as [Api, Api, Api];
}, 120_000);

/** The latest error the catalogue logged, to explain a 500 from a setup step. */
const lastServiceError = (): string =>
  JSON.stringify(world.platform.catalogue?.logs.filter((line) => Number(line.level) >= 50).at(-1) ?? null);

const newRelease = async (api: Api, artistId: string, title = 'Release'): Promise<string> =>
  String((await postRelease(api, { title, type: 'album', release_date: '2026-06-01', genre: 'Electronic', artist_id: artistId })).uuid);

const addTrack = (api: Api, releaseId: string, body: Record<string, unknown>) =>
  api<{ track: Track }>(`/v1/releases/${releaseId}/tracks`, { method: 'POST', body });

const createTrack = (api: Api, releaseId: string, body: Record<string, unknown> = MINIMAL): Promise<Track> =>
  postTrack<Track>(api, releaseId, body, lastServiceError);

const patch = (api: Api, trackId: string, body: Record<string, unknown>, method: 'PATCH' | 'PUT' = 'PATCH') =>
  api<{ track: Track }>(`/v1/tracks/${trackId}`, { method, body });

const getTrack = (api: Api, trackId: string) => api<{ track: Track }>(`/v1/tracks/${trackId}`);

/** Events the catalogue recorded for a track (its outbox), in order. */
const eventsOf = (trackId: string) => outboxEventsOf(world.db, 'track_id', trackId);

const expectTrackNotFound = (response: ApiResponse) => expectError(response, 404, Messages.trackNotFound);

const expectDuplicate = (response: ApiResponse, field: string) => expectConflict(response, Messages.duplicateRecord, field);

describe('POST /releases/{uuid}/tracks and GET /tracks/{uuid}', () => {
  it('creates a track from title, position and explicit: 201 {track} with audio_url null and an ISRC', async () => {
    const api = rosterA();
    const releaseId = await newRelease(api, a.nova);
    const response = await addTrack(api, releaseId, MINIMAL);
    expect(response.status).toBe(201);
    expect(Object.keys(response.body)).toEqual(['track']);
    const track = response.body.track;
    expect(track).toMatchObject({
      release_id: releaseId,
      title: 'Opening',
      position: 1,
      track_number: 1,
      disc_number: 1,
      explicit: false,
      duration: null,
      language: 'en',
      track_properties: [],
      ai_service: null,
      ai_service_other: null,
      ai_elements: [],
      contributors: [],
      additional_artists: [],
      localized_titles: {},
      audio_url: null,
      mime_type: null,
      file_size: null,
      album_only: false,
      instrumental: false,
      iswc: null,
    });
    expect(track.uuid).toMatch(UUID);
    expect(track.isrc).toMatch(AUTO_ISRC);
    // Inputs only (spec: not returned on reads).
    for (const hidden of ['audio_format', 'audio_bit_depth', 'audio_sample_rate', 'audio_sample_rate_hz', 'audio_status']) {
      expect(track).not.toHaveProperty(hidden);
    }

    const read = await getTrack(api, track.uuid);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ track });
    const events = await eventsOf(track.uuid);
    expect(events).toEqual([
      { type: 'track.created', data: { track_id: track.uuid, release_id: releaseId, title: 'Opening', isrc: track.isrc, iswc: null, position: 1 } },
    ]);
    // The release shows it in its track summaries.
    const release = await api(`/v1/releases/${releaseId}`);
    expect(release.body.release.tracks).toEqual([{ uuid: track.uuid, title: 'Opening', position: 1 }]);
  });

  it('keeps every field of the Track table, including the machine-readable input names', async () => {
    const api = rosterA();
    const releaseId = await newRelease(api, a.nova);
    const body = {
      title: 'Everything',
      track_number: 4,
      explicit: true,
      isrc: 'gb-aye-26-00123',
      duration_seconds: 245,
      language: 'FR',
      track_properties: ['Remix', 'alternate_version', 'remix'],
      version_type: 'remix',
      title_version: 'Club Mix',
      lyric_format: 'LRC',
      lyrics: '[00:01.00] la la',
      audio_format: 'WAV',
      audio_sample_rate_hz: 48_000,
      audio_bit_depth: 24,
      audio_channels: 2,
      audio_lufs: -14.5,
      dolby_isrc: 'GBAYE2600124',
      dolby_audio_uri: 's3://masters/everything-atmos.wav',
      album_only: true,
      instrumental: true,
      performance_language: 'es',
      artist_id: a.luna,
      artist_name: 'Luna',
      copyright_holder: 'Label A Ltd',
      copyright_year: 2025,
      year_published: 2024,
      disc_number: 2,
      preview_start_sec: 30,
      preview_end_sec: 60.5,
      contributors: [
        { name: 'Luna', role: 'MainArtist' },
        { name: 'Songs Publishing', role: 'MusicPublisher' },
      ],
      additional_artists: [{ name: 'Nova', role: 'FeaturedArtist' }, { name: 'Sol' }],
      localized_titles: { 'ja': 'すべて', 'pt-br': 'Tudo' },
      localized_title_versions: { 'zh-hant-tw': '俱樂部混音' },
      localized_lyrics: { 'es-419': 'la la' },
    };
    const track = await createTrack(api, releaseId, body);
    expect(track).toMatchObject({
      title: 'Everything',
      position: 4,
      track_number: 4,
      explicit: true,
      isrc: 'GBAYE2600123',
      duration: 245,
      duration_seconds: 245,
      language: 'fr',
      track_properties: ['remix', 'alternate_version'],
      version_type: 'remix',
      title_version: 'Club Mix',
      lyric_format: 'lrc',
      lyrics: '[00:01.00] la la',
      audio_channels: 2,
      audio_lufs: -14.5,
      dolby_isrc: 'GBAYE2600124',
      dolby_audio_uri: 's3://masters/everything-atmos.wav',
      album_only: true,
      instrumental: true,
      performance_language: 'es',
      artist_id: a.luna,
      artist_name: 'Luna',
      copyright_holder: 'Label A Ltd',
      copyright_year: 2025,
      year_published: 2024,
      disc_number: 2,
      preview_start_sec: 30,
      preview_end_sec: 60.5,
      contributors: body.contributors,
      additional_artists: [{ name: 'Nova', role: 'FeaturedArtist' }, { name: 'Sol' }],
      localized_titles: { ja: 'すべて', 'pt-BR': 'Tudo' },
      localized_title_versions: { 'zh-Hant-TW': '俱樂部混音' },
      localized_lyrics: { 'es-419': 'la la' },
      audio_url: null,
    });
    expect(track).not.toHaveProperty('audio_format');
    expect(track).not.toHaveProperty('audio_bit_depth');
    expect(track).not.toHaveProperty('audio_sample_rate_hz');
    expect((await getTrack(api, track.uuid)).body.track).toEqual(track);
    // The declared audio properties are kept (for QC and delivery) though not shown.
    const stored = await world.db.query(`select "audio_format", "audio_sample_rate_hz", "audio_bit_depth" from "catalogue"."track" where "id" = $1`, [
      track.uuid,
    ]);
    expect(stored.rows[0]).toEqual({ audio_format: 'wav', audio_sample_rate_hz: 48_000, audio_bit_depth: 24 });
  });

  it('requires title, position and explicit (422 per field) and creates nothing', async () => {
    const api = rosterA();
    const releaseId = await newRelease(api, a.nova);
    expectValidation(await addTrack(api, releaseId, {}), ['title', 'position', 'explicit']);
    expectValidation(await addTrack(api, releaseId, { title: '  ', position: 0, explicit: 'yes' }), ['title', 'position', 'explicit']);
    expectValidation(await addTrack(api, releaseId, { ...MINIMAL, position: 1.5 }), ['position']);
    expectValidation(await addTrack(api, releaseId, { ...MINIMAL, duration: -1, language: 'xx', lyric_format: 'srt' }), [
      'duration',
      'language',
      'lyric_format',
    ]);
    expectValidation(await addTrack(api, releaseId, { ...MINIMAL, track_properties: ['remix', 'karaoke'] }), ['track_properties']);
    expectValidation(await addTrack(api, releaseId, { ...MINIMAL, preview_start_sec: 40, preview_end_sec: 10 }), ['preview_end_sec']);
    expect((await api(`/v1/releases/${releaseId}/tracks`)).body).toEqual({ tracks: [] });
  });

  it('answers 404 `Release not found.` for an unknown or malformed release', async () => {
    const api = rosterA();
    for (const id of ['6f1c2f43-8d2a-4c1e-9a57-3b8f0e2d4c11', 'not-a-uuid']) {
      const response = await addTrack(api, id, MINIMAL);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, error: Messages.releaseNotFound });
    }
    expectTrackNotFound(await getTrack(api, '6f1c2f43-8d2a-4c1e-9a57-3b8f0e2d4c11'));
    expectTrackNotFound(await getTrack(api, 'nope'));
  });
});

describe('ISRC', () => {
  it('auto-assigns a valid, different ISRC to every track of the tenant', async () => {
    const api = rosterA();
    const [first, second] = [await newRelease(api, a.nova), await newRelease(api, a.luna)];
    const tracks = [
      ...(await Promise.all([1, 2, 3].map((position) => createTrack(api, first, { ...MINIMAL, position })))),
      ...(await Promise.all([1, 2].map((position) => createTrack(api, second, { ...MINIMAL, position, isrc: '' })))),
    ];
    const codes = tracks.map((track) => track.isrc);
    for (const code of codes) expect(code).toMatch(AUTO_ISRC);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('accepts a supplied ISRC with or without hyphens, in any case, stored as 12 uppercase characters', async () => {
    const api = rosterA();
    const releaseId = await newRelease(api, a.nova);
    expect((await createTrack(api, releaseId, { ...MINIMAL, isrc: 'us-rc1-26-00001' })).isrc).toBe('USRC12600001');
    expect((await createTrack(api, releaseId, { ...MINIMAL, position: 2, isrc: 'USRC12600002' })).isrc).toBe('USRC12600002');
  });

  it('refuses a malformed ISRC (422 on isrc) and a malformed dolby_isrc', async () => {
    const api = rosterA();
    const releaseId = await newRelease(api, a.nova);
    for (const isrc of ['USRC1260000', 'US-RC1-26-0000A', '1SRC12600001', 'USRC12600001X', 'US RC1 26 00001']) {
      expectValidation(await addTrack(api, releaseId, { ...MINIMAL, isrc }), ['isrc']);
    }
    expectValidation(await addTrack(api, releaseId, { ...MINIMAL, dolby_isrc: 'nope' }), ['dolby_isrc']);
  });

  it('refuses an ISRC already used by a live track of the tenant (409), frees it on delete, and ignores other tenants', async () => {
    const api = rosterA();
    const [one, two] = [await newRelease(api, a.nova), await newRelease(api, a.nova)];
    const owner = await createTrack(api, one, { ...MINIMAL, isrc: 'QMDUP2600001' });
    expectDuplicate(await addTrack(api, two, { ...MINIMAL, isrc: 'qm-dup-26-00001' }), 'isrc');
    // Another tenant may hold the same code.
    const otherRelease = await newRelease(b.roster, b.nova);
    expect((await createTrack(b.roster, otherRelease, { ...MINIMAL, isrc: 'QMDUP2600001' })).isrc).toBe('QMDUP2600001');
    // An update to a taken code is refused too, and changes nothing.
    const other = await createTrack(api, two, { ...MINIMAL, title: 'Other' });
    expectDuplicate(await patch(api, other.uuid, { isrc: 'QMDUP2600001', title: 'Renamed' }), 'isrc');
    expect((await getTrack(api, other.uuid)).body.track).toMatchObject({ isrc: other.isrc, title: 'Other' });
    // Deleting the owner frees the code.
    expect((await api(`/v1/tracks/${owner.uuid}`, { method: 'DELETE' })).status).toBe(204);
    expect((await patch(api, other.uuid, { isrc: 'QMDUP2600001' })).body.track.isrc).toBe('QMDUP2600001');
  });
});

describe('ISWC', () => {
  it('keeps the ISWC of the musical work, given hyphenated or compact in any case, as T and 10 digits, in the track and its events', async () => {
    const api = rosterA();
    const releaseId = await newRelease(api, a.nova);
    const hyphenated = await createTrack(api, releaseId, { ...MINIMAL, iswc: ' t-034.524.680-1 ' });
    expect(hyphenated.iswc).toBe('T0345246801');
    expect((await getTrack(api, hyphenated.uuid)).body.track.iswc).toBe('T0345246801');
    const compact = await createTrack(api, releaseId, { ...MINIMAL, position: 2, iswc: 'T0000000010' });
    expect(compact.iswc).toBe('T0000000010');
    const [created] = await eventsOf(hyphenated.uuid);
    expect(created).toMatchObject({ type: 'track.created', data: { iswc: 'T0345246801' } });
  });

  it('sets, changes and clears the ISWC on update (blank or null: not known), and leaves it when not sent', async () => {
    const api = rosterA();
    const releaseId = await newRelease(api, a.nova);
    const track = await createTrack(api, releaseId);
    expect(track.iswc).toBeNull();
    expect((await patch(api, track.uuid, { iswc: 'T-123.456.789-4' })).body.track.iswc).toBe('T1234567894');
    expect((await patch(api, track.uuid, { title: 'Renamed' })).body.track).toMatchObject({ title: 'Renamed', iswc: 'T1234567894' });
    const events = await eventsOf(track.uuid);
    expect(events.at(-1)).toMatchObject({ type: 'track.updated', data: { iswc: 'T1234567894' } });
    expect((await patch(api, track.uuid, { iswc: '' })).body.track.iswc).toBeNull();
    expect((await patch(api, track.uuid, { iswc: 'T0345246801' })).body.track.iswc).toBe('T0345246801');
    expect((await patch(api, track.uuid, { iswc: null })).body.track.iswc).toBeNull();
  });

  it('refuses an ISWC with a wrong check digit or form (422 on iswc, saying what an ISWC is) on create and update, and changes nothing', async () => {
    const api = rosterA();
    const releaseId = await newRelease(api, a.nova);
    // A wrong check digit, too few digits, another letter, separators out of place, a number.
    for (const iswc of ['T-034.524.680-2', 'T0345246802', 'T034524680', 'A0345246801', 'T-0345246801', 'T 034 524 680 1', 345246801]) {
      const response = await addTrack(api, releaseId, { ...MINIMAL, iswc });
      expectValidation(response, ['iswc']);
    }
    const refused = await api<{ errors: Record<string, string[]> }>(`/v1/releases/${releaseId}/tracks`, { method: 'POST', body: { ...MINIMAL, iswc: 'T-034.524.680-2' } });
    expect(refused.body.errors.iswc).toEqual([expect.stringMatching(/^The iswc must be an ISWC: .*check digit/)]);
    const track = await createTrack(api, releaseId, { ...MINIMAL, iswc: 'T0345246801' });
    expectValidation(await patch(api, track.uuid, { iswc: 'T0345246809', title: 'Renamed' }), ['iswc']);
    expect((await getTrack(api, track.uuid)).body.track).toMatchObject({ iswc: 'T0345246801', title: 'Opening' });
  });
});

describe('positions and GET /releases/{uuid}/tracks', () => {
  it('lists the live tracks ordered by position, then disc', async () => {
    const api = rosterA();
    const releaseId = await newRelease(api, a.nova);
    const three = await createTrack(api, releaseId, { ...MINIMAL, title: 'Three', position: 3 });
    const oneDiscTwo = await createTrack(api, releaseId, { ...MINIMAL, title: 'One (disc 2)', position: 1, disc_number: 2 });
    const one = await createTrack(api, releaseId, { ...MINIMAL, title: 'One', track_number: 1 });
    const two = await createTrack(api, releaseId, { ...MINIMAL, title: 'Two', position: 2 });
    const list = await api<{ tracks: Track[] }>(`/v1/releases/${releaseId}/tracks`);
    expect(list.status).toBe(200);
    expect(Object.keys(list.body)).toEqual(['tracks']);
    expect(list.body.tracks.map((track) => track.uuid)).toEqual([one.uuid, oneDiscTwo.uuid, two.uuid, three.uuid]);
    expect(list.body.tracks[0]).toEqual(one);
  });

  it('keeps a position unique per release and disc among live tracks (409)', async () => {
    const api = rosterA();
    const releaseId = await newRelease(api, a.nova);
    const first = await createTrack(api, releaseId, { ...MINIMAL, position: 1 });
    expectDuplicate(await addTrack(api, releaseId, { ...MINIMAL, position: 1 }), 'position');
    expectDuplicate(await addTrack(api, releaseId, { ...MINIMAL, position: 1, disc_number: 1 }), 'position');
    const second = await createTrack(api, releaseId, { ...MINIMAL, position: 2 });
    expectDuplicate(await patch(api, second.uuid, { position: 1 }), 'position');
    // Another release, or another disc, is another slot.
    await createTrack(api, await newRelease(api, a.nova), { ...MINIMAL, position: 1 });
    await createTrack(api, releaseId, { ...MINIMAL, position: 1, disc_number: 2 });
    // A deleted track frees its slot.
    expect((await api(`/v1/tracks/${first.uuid}`, { method: 'DELETE' })).status).toBe(204);
    expect((await patch(api, second.uuid, { position: 1 })).status).toBe(200);
  });
});

describe('PATCH and PUT /tracks/{uuid}, DELETE /tracks/{uuid}', () => {
  it('changes only the supplied fields, by PATCH or PUT, and records track.updated', async () => {
    const api = rosterA();
    const releaseId = await newRelease(api, a.nova);
    const track = await createTrack(api, releaseId, { ...MINIMAL, copyright_holder: 'Holder', contributors: [{ name: 'A', role: 'Composer' }] });
    const patched = await patch(api, track.uuid, { title: 'Renamed', duration_seconds: 180 });
    expect(patched.status).toBe(200);
    expect(Object.keys(patched.body)).toEqual(['track']);
    expect(patched.body.track).toMatchObject({
      title: 'Renamed',
      duration: 180,
      copyright_holder: 'Holder',
      contributors: [{ name: 'A', role: 'Composer' }],
      isrc: track.isrc,
    });
    const put = await patch(api, track.uuid, { explicit: true, copyright_holder: null, contributors: null }, 'PUT');
    expect(put.status).toBe(200);
    expect(put.body.track).toMatchObject({ title: 'Renamed', explicit: true, copyright_holder: null, contributors: [] });
    expect((await getTrack(api, track.uuid)).body).toEqual(put.body);
    expect((await eventsOf(track.uuid)).map((event) => event.type)).toEqual(['track.created', 'track.updated', 'track.updated']);
  });

  it('refuses an invalid update with 422 and changes nothing', async () => {
    const api = rosterA();
    const releaseId = await newRelease(api, a.nova);
    const track = await createTrack(api, releaseId, { ...MINIMAL, preview_start_sec: 10, preview_end_sec: 20 });
    expectValidation(await patch(api, track.uuid, { title: '', explicit: null }), ['title', 'explicit']);
    expectValidation(await patch(api, track.uuid, { title: 'Changed', preview_start_sec: 25 }), ['preview_end_sec']);
    expect((await getTrack(api, track.uuid)).body.track).toEqual(track);
  });

  it('soft-deletes: 204, then 404 on every track route and gone from the list', async () => {
    const api = rosterA();
    const releaseId = await newRelease(api, a.nova);
    const track = await createTrack(api, releaseId);
    const deleted = await api(`/v1/tracks/${track.uuid}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expectTrackNotFound(await getTrack(api, track.uuid));
    expectTrackNotFound(await patch(api, track.uuid, { title: 'x' }));
    expectTrackNotFound(await api(`/v1/tracks/${track.uuid}`, { method: 'DELETE' }));
    expect((await api(`/v1/releases/${releaseId}/tracks`)).body).toEqual({ tracks: [] });
    const row = await world.db.query(`select "deleted_at" from "catalogue"."track" where "id" = $1`, [track.uuid]);
    expect(row.rows[0].deleted_at).toBeInstanceOf(Date);
    expect((await eventsOf(track.uuid)).map((event) => event.type)).toEqual(['track.created', 'track.deleted']);
  });
});

describe('a release that is no longer a draft', () => {
  it('refuses adding, changing and removing tracks with 409, and still shows them', async () => {
    const api = rosterA();
    const releaseId = await newRelease(api, a.nova);
    const track = await createTrack(api, releaseId);
    expect((await api(`/v1/releases/${releaseId}/dsps`, { method: 'POST', body: { dsps: ['spotify'] } })).status).toBe(200);
    const submitted = await api(`/v1/releases/${releaseId}/submit`, { method: 'POST' });
    expect(submitted.status).toBe(200);
    expect(submitted.body.status).toBe('pending');

    const refusal = { success: false, error: Messages.trackReleaseNotDraft };
    const add = await addTrack(api, releaseId, { ...MINIMAL, position: 2 });
    expect([add.status, add.body]).toEqual([409, refusal]);
    for (const method of ['PATCH', 'PUT'] as const) {
      const change = await patch(api, track.uuid, { title: 'Late change' }, method);
      expect([change.status, change.body]).toEqual([409, refusal]);
    }
    const remove = await api(`/v1/tracks/${track.uuid}`, { method: 'DELETE' });
    expect([remove.status, remove.body]).toEqual([409, refusal]);

    expect((await getTrack(api, track.uuid)).body.track).toEqual(track);
    expect((await api(`/v1/releases/${releaseId}/tracks`)).body).toEqual({ tracks: [track] });
  });
});

describe('AI disclosure (rules 2–5)', () => {
  it('rule 2: includes_ai needs ai_service (or ai_service_other) and at least one ai_elements value', async () => {
    const api = rosterA();
    const releaseId = await newRelease(api, a.nova);
    const ai = { ...MINIMAL, track_properties: ['includes_ai'] };
    expectValidation(await addTrack(api, releaseId, ai), ['ai_service', 'ai_elements']);
    expectValidation(await addTrack(api, releaseId, { ...ai, ai_elements: ['vocals'] }), ['ai_service']);
    expectValidation(await addTrack(api, releaseId, { ...ai, ai_service: 'Suno' }), ['ai_elements']);
    expectValidation(await addTrack(api, releaseId, { ...ai, ai_service: 'Suno', ai_elements: [] }), ['ai_elements']);
    expectValidation(await addTrack(api, releaseId, { ...ai, ai_service: 'Suno', ai_elements: 'vocals' }), ['ai_elements']);
    expectValidation(await addTrack(api, releaseId, { ...ai, ai_service: 'Suno', ai_elements: ['vocals', 'mastering'] }), ['ai_elements']);
    expect((await api(`/v1/releases/${releaseId}/tracks`)).body.tracks).toEqual([]);

    const withOther = await createTrack(api, releaseId, { ...ai, ai_service_other: 'In-house model', ai_elements: ['production'] });
    expect(withOther).toMatchObject({ ai_service: null, ai_service_other: 'In-house model', ai_elements: ['production'] });
  });

  it('rule 2: ai_elements are case-insensitive, trimmed, de-duplicated and returned in canonical order', async () => {
    const api = rosterA();
    const releaseId = await newRelease(api, a.nova);
    const track = await createTrack(api, releaseId, {
      ...MINIMAL,
      track_properties: ['INCLUDES_AI', 'remix'],
      ai_service: 'Suno',
      ai_elements: [' Production', 'LYRICS', 'vocals', 'Vocals ', 'composition', 'Instrumentation'],
    });
    expect(track).toMatchObject({
      track_properties: ['includes_ai', 'remix'],
      ai_service: 'Suno',
      ai_elements: ['vocals', 'instrumentation', 'composition', 'lyrics', 'production'],
    });
  });

  it('rule 3: on update, the values already stored satisfy the requirement', async () => {
    const api = rosterA();
    const releaseId = await newRelease(api, a.nova);
    const track = await createTrack(api, releaseId, { ...MINIMAL, ai_service: 'Udio', ai_elements: ['lyrics'] });
    const disclosed = await patch(api, track.uuid, { track_properties: ['includes_ai'] });
    expect(disclosed.status).toBe(200);
    expect(disclosed.body.track).toMatchObject({ track_properties: ['includes_ai'], ai_service: 'Udio', ai_elements: ['lyrics'] });
    // An update that takes away what the stored disclosure needs is refused.
    expectValidation(await patch(api, track.uuid, { ai_elements: [] }), ['ai_elements']);
    expectValidation(await patch(api, track.uuid, { ai_service: null }), ['ai_service']);
    expect((await patch(api, track.uuid, { title: 'Still disclosed' })).status).toBe(200);
  });

  it('rule 4: track_properties without includes_ai retracts the disclosure and clears the AI fields', async () => {
    const api = rosterA();
    const releaseId = await newRelease(api, a.nova);
    const track = await createTrack(api, releaseId, {
      ...MINIMAL,
      track_properties: ['includes_ai'],
      ai_service: 'Suno',
      ai_service_other: 'Also a plugin',
      ai_elements: ['vocals'],
    });
    const retracted = await patch(api, track.uuid, { track_properties: ['remix'] });
    expect(retracted.status).toBe(200);
    expect(retracted.body.track).toMatchObject({ track_properties: ['remix'], ai_service: null, ai_service_other: null, ai_elements: [] });
    expect((await getTrack(api, track.uuid)).body.track).toMatchObject({ ai_service: null, ai_service_other: null, ai_elements: [] });
  });

  it('rule 5: no AI service is refused by name', async () => {
    const api = rosterA();
    const releaseId = await newRelease(api, a.nova);
    const services = ['Suno', 'Udio', 'OpenAI Jukebox', 'Stable Audio', 'Boomy'];
    for (const [index, service] of services.entries()) {
      const track = await createTrack(api, releaseId, {
        ...MINIMAL,
        position: index + 1,
        track_properties: ['includes_ai'],
        ai_service: service,
        ai_elements: ['instrumentation'],
      });
      expect(track.ai_service).toBe(service);
    }
  });
});

describe('artist_id, contributors and additional_artists (rule 6)', () => {
  it('refuses an artist_id that is not a live artist of the caller’s tenant (422)', async () => {
    const api = rosterA();
    const releaseId = await newRelease(api, a.nova);
    for (const artistId of [b.nova, '6f1c2f43-8d2a-4c1e-9a57-3b8f0e2d4c11', '42']) {
      const response = await addTrack(api, releaseId, { ...MINIMAL, artist_id: artistId });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ success: false, error: Messages.artistNotInTenant, errors: { artist_id: [Messages.artistNotInTenant] } });
    }
    const track = await createTrack(api, releaseId, { ...MINIMAL, artist_id: a.luna });
    expect(track.artist_id).toBe(a.luna);
    expect((await patch(api, track.uuid, { artist_id: b.nova })).status).toBe(422);
    expect((await patch(api, track.uuid, { artist_id: null })).body.track.artist_id).toBeNull();
  });

  it('refuses contributors that are not objects with a non-empty name and role (422)', async () => {
    const api = rosterA();
    const releaseId = await newRelease(api, a.nova);
    expectValidation(await addTrack(api, releaseId, { ...MINIMAL, contributors: 'Luna' }), ['contributors']);
    expectValidation(await addTrack(api, releaseId, { ...MINIMAL, contributors: ['Luna'] }), ['contributors.0']);
    const blankName = [
      { name: 'Luna', role: 'MainArtist' },
      { name: ' ', role: 'MainArtist' },
    ];
    expectValidation(await addTrack(api, releaseId, { ...MINIMAL, contributors: blankName }), ['contributors.1.name']);
    expectValidation(await addTrack(api, releaseId, { ...MINIMAL, contributors: [{ name: 'Luna' }] }), ['contributors.0.role']);
    const track = await createTrack(api, releaseId);
    expectValidation(await patch(api, track.uuid, { contributors: [{ role: 'MusicPublisher' }] }), ['contributors.0.name']);
  });

  it('refuses additional_artists that are not objects with a non-empty name (422)', async () => {
    const api = rosterA();
    const releaseId = await newRelease(api, a.nova);
    expectValidation(await addTrack(api, releaseId, { ...MINIMAL, additional_artists: { name: 'Sol' } }), ['additional_artists']);
    expectValidation(await addTrack(api, releaseId, { ...MINIMAL, additional_artists: [null] }), ['additional_artists.0']);
    expectValidation(await addTrack(api, releaseId, { ...MINIMAL, additional_artists: [{ name: '' }] }), ['additional_artists.0.name']);
    const track = await createTrack(api, releaseId);
    expectValidation(await patch(api, track.uuid, { additional_artists: [{ role: 'FeaturedArtist' }] }), ['additional_artists.0.name']);
  });
});

describe('localized maps', () => {
  it('stores BCP-47 keys in canonical form and refuses a bad key naming the field path', async () => {
    const api = rosterA();
    const releaseId = await newRelease(api, a.nova);
    const track = await createTrack(api, releaseId, { ...MINIMAL, localized_titles: { 'EN-gb': 'Opening', 'sr-latn': 'Otvaranje' } });
    expect(track.localized_titles).toEqual({ 'en-GB': 'Opening', 'sr-Latn': 'Otvaranje' });

    expectValidation(await addTrack(api, releaseId, { ...MINIMAL, position: 2, localized_titles: { en_US: 'x' } }), ['localized_titles.en_US']);
    expectValidation(await addTrack(api, releaseId, { ...MINIMAL, position: 2, localized_lyrics: { fr: '' } }), ['localized_lyrics.fr']);
    expectValidation(await addTrack(api, releaseId, { ...MINIMAL, position: 2, localized_title_versions: ['Club Mix'] }), [
      'localized_title_versions',
    ]);
    expectValidation(await patch(api, track.uuid, { localized_title_versions: { '!!': 'x' } }), ['localized_title_versions.!!']);

    const replaced = await patch(api, track.uuid, { localized_titles: { de: 'Eröffnung' }, localized_lyrics: { 'pt-pt': 'letra' } });
    expect(replaced.body.track).toMatchObject({ localized_titles: { de: 'Eröffnung' }, localized_lyrics: { 'pt-PT': 'letra' } });
  });
});

describe('tenant and artist isolation', () => {
  it('answers 404 on every track route for another tenant’s track and release, and changes nothing', async () => {
    const api = rosterA();
    const releaseId = await newRelease(api, a.nova);
    const track = await createTrack(api, releaseId);
    expectTrackNotFound(await getTrack(b.roster, track.uuid));
    expectTrackNotFound(await patch(b.roster, track.uuid, { title: 'Stolen' }));
    expectTrackNotFound(await patch(b.roster, track.uuid, { title: 'Stolen' }, 'PUT'));
    expectTrackNotFound(await b.roster(`/v1/tracks/${track.uuid}`, { method: 'DELETE' }));
    const form = new FormData();
    const wav = wavFile({ sampleRate: 8000, bitsPerSample: 16, channels: 1, seconds: 0.1 });
    form.append('audio', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'song.wav');
    expectTrackNotFound(await b.roster(`/v1/tracks/${track.uuid}/audio`, { method: 'POST', raw: form }));
    for (const response of [await b.roster(`/v1/releases/${releaseId}/tracks`), await addTrack(b.roster, releaseId, MINIMAL)]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, error: Messages.releaseNotFound });
    }
    expect((await getTrack(api, track.uuid)).body.track).toEqual(track);
  });

  it('limits an artist key to the tracks of its own artist’s releases', async () => {
    const novaRelease = await newRelease(a.novaKey, a.nova, 'Nova’s');
    const mine = await createTrack(a.novaKey, novaRelease);
    expect((await getTrack(a.novaKey, mine.uuid)).status).toBe(200);
    expectTrackNotFound(await getTrack(a.lunaKey, mine.uuid));
    expectTrackNotFound(await patch(a.lunaKey, mine.uuid, { title: 'Not yours' }));
    expect((await addTrack(a.lunaKey, novaRelease, { ...MINIMAL, position: 2 })).status).toBe(404);
  });
});
