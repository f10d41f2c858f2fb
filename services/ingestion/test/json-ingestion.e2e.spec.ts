import { Messages } from '@sv/contracts';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeTone } from '@sv/testing';
import pg from 'pg';
import { finishedJob, releaseBody, suffix, useIngestionWorld, type Api } from './support/ingestion-world.ts';

/*
 * POST /ingestion/json through the gateway: one release with its tracks, created all at once by
 * the catalogue, recorded as a completed job; a bad track leaves nothing behind.
 */

const world = useIngestionWorld();

const releaseCount = async (api: Api): Promise<number> => Number((await api('/v1/releases?per_page=1')).body.total);

describe('POST /ingestion/json', () => {
  it('creates the release with its tracks (201) and records a completed json job that names it', async () => {
    const body = releaseBody(3);
    const response = await world.a.artist('/v1/ingestion/json', { body });
    expect(response.status).toBe(201);
    const { uuid, release_id, ingestion_job_id } = response.body;
    expect(release_id).toBe(uuid);

    const release = await world.a.artist(`/v1/releases/${uuid}`);
    expect(release.status).toBe(200);
    expect(release.body.release.title).toBe(body.title);
    expect(release.body.release.status).toBe('draft');
    const tracks = await world.a.artist(`/v1/releases/${uuid}/tracks`);
    expect(tracks.body.tracks.map((track: { title: string }) => track.title)).toEqual(['Track 1', 'Track 2', 'Track 3']);

    const job = await finishedJob(world.a.artist, ingestion_job_id);
    expect(job).toMatchObject({ source: 'json', state: 'completed', release_id: uuid, release_ids: [uuid], items_total: 1, items_done: 1, items_failed: 0 });
  });

  it('leaves its tracks open to every later track write: an audio upload, a new track, an edit (each its own transaction)', async () => {
    const response = await world.a.artist('/v1/ingestion/json', { body: releaseBody(2) });
    expect(response.status).toBe(201);
    const [first] = (await world.a.artist(`/v1/releases/${response.body.uuid}/tracks`)).body.tracks as { uuid: string }[];
    const wav = await readFile(await writeTone(join(await mkdtemp(join(tmpdir(), 'sv-json-audio-')), 'tone.wav'), { seconds: 1, codec: 'pcm_s16le' }));
    const form = new FormData();
    form.append('audio', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'tone.wav');
    const uploaded = await world.a.artist(`/v1/tracks/${first!.uuid}/upload`, { method: 'POST', raw: form });
    expect(uploaded.status).toBe(200);
    const added = await world.a.artist(`/v1/releases/${response.body.uuid}/tracks`, { body: { title: 'Added', position: 3, explicit: false } });
    expect(added.status).toBe(201);
    const edited = await world.a.artist(`/v1/tracks/${first!.uuid}`, { method: 'PATCH', body: { title: 'Edited' } });
    expect(edited.status).toBe(200);
  }, 60_000);

  it('answers 422 with the track path for a bad track, and creates nothing', async () => {
    const before = await releaseCount(world.a.artist);
    const body = releaseBody(2);
    (body.tracks as Record<string, unknown>[])[1]!.isrc = 'NOT-AN-ISRC';
    const response = await world.a.artist('/v1/ingestion/json', { body });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['tracks.1.isrc']);
    expect(await releaseCount(world.a.artist)).toBe(before);
  });

  it('rolls the release back when a later track is refused by the catalogue (an ISRC already in use)', async () => {
    const first = await world.a.artist('/v1/ingestion/json', { body: releaseBody(1) });
    const taken = (await world.a.artist(`/v1/releases/${first.body.uuid}/tracks`)).body.tracks[0].isrc as string;
    const before = await releaseCount(world.a.artist);
    const jobsBefore = Number((await world.a.artist('/v1/ingestion/jobs?source=json&per_page=1')).body.total);

    const body = releaseBody(2);
    (body.tracks as Record<string, unknown>[])[1]!.isrc = taken;
    const response = await world.a.artist('/v1/ingestion/json', { body });
    expect(response.status).toBe(409);
    expect(Object.keys(response.body.errors)).toEqual(['tracks.1.isrc']);
    expect(await releaseCount(world.a.artist)).toBe(before);
    expect(Number((await world.a.artist('/v1/ingestion/jobs?source=json&per_page=1')).body.total)).toBe(jobsBefore);
  });

  it('refuses owner and team keys with the spec message (403)', async () => {
    const response = await world.a.owner('/v1/ingestion/json', { body: releaseBody(1) });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe(Messages.ownerCannotCreateReleases);
  });

  it('makes roster keys name the artist: without artist_id 422, with it 201 under that artist', async () => {
    const without = await world.a.roster('/v1/ingestion/json', { body: releaseBody(1) });
    expect(without.status).toBe(422);
    const named = await world.a.roster('/v1/ingestion/json', { body: releaseBody(1, { artist_id: world.a.artistId }) });
    expect(named.status).toBe(201);
    const release = await world.a.roster(`/v1/releases/${named.body.uuid}`);
    expect(release.body.release.artist_id).toBe(world.a.artistId);
  });

  it('honours Idempotency-Key: the same body again replays the first answer and creates one release', async () => {
    const body = releaseBody(1);
    const headers = { 'idempotency-key': `ingest-${suffix()}` };
    const first = await world.a.artist('/v1/ingestion/json', { body, headers });
    const again = await world.a.artist('/v1/ingestion/json', { body, headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('x-service-idempotent-replay')).toBe('true');
    expect(again.body.uuid).toBe(first.body.uuid);
    const titled = await world.a.artist(`/v1/releases?per_page=100`);
    expect(titled.body.releases.filter((release: { title: string }) => release.title === body.title)).toHaveLength(1);
  });

  it("records the job's lifecycle event in its outbox", async () => {
    const response = await world.a.artist('/v1/ingestion/json', { body: releaseBody(1) });
    const db = new pg.Client({ connectionString: world.platform.db.url });
    await db.connect();
    try {
      const events = await db.query<{ type: string }>(
        `select "type" from "ingestion"."outbox_event" where "envelope"->'data'->>'ingestion_job_id' = $1 order by "created_at"`,
        [response.body.ingestion_job_id],
      );
      expect(events.rows.map((row) => row.type)).toEqual(['ingestion.completed']);
    } finally {
      await db.end();
    }
  });
});
