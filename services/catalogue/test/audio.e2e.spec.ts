import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Messages } from '@sv/contracts';
import type { ApiResponse } from '@sv/testing';
import {
  FLAC_24_BIT,
  WAV_24_BIT,
  aiffFile,
  brokenWavFile,
  flacFile,
  m4aFile,
  mp3File,
  textFile,
  wavFile,
} from './support/audio-fixtures.ts';
import { storedKeys } from './support/blob-store.ts';
import { useCatalogueWorld, type Api } from './support/catalogue-world.ts';
import { eventsNaming } from './support/outbox.ts';
import { postRelease, postTrack } from './support/release-builders.ts';

/*
 * POST /tracks/{uuid}/audio (and its /upload alias) end to end: the gateway streams the file into
 * the blob store, the catalogue reads the stored bytes and decides what they are.
 */

type Track = Record<string, any> & { uuid: string };

const CDN_URL = 'http://127.0.0.1:8083';
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

const world = useCatalogueWorld({ supplyChain: true });
let blobDir: string;

/** Roster keys of tenant A (the audio rate limit is 10 a minute per token), artist keys, tenant B. */
const a = { nova: '', luna: '', keys: [] as Api[], lunaKey: {} as Api };
const b = { roster: {} as Api };
let nextKey = 0;
const rosterA = (): Api => a.keys[nextKey++ % a.keys.length]!;

beforeAll(async () => {
  blobDir = world.platform.env.SV_BLOB_DIR!;
  await world.tenant('aud-a', 'Label A');
  await world.tenant('aud-b', 'Label B');
  [a.nova, a.luna] = await Promise.all([world.artist('aud-a', 'nova'), world.artist('aud-a', 'luna')]);
  const keys = await Promise.all([
    ...Array.from({ length: 5 }, () => world.key('aud-a', 'owner', '--roster')),
    world.key('aud-a', 'artist', '--artist', a.luna),
    world.key('aud-b', 'owner', '--roster'),
  ]);
  a.keys = keys.slice(0, 5);
  [a.lunaKey, b.roster] = keys.slice(5) as [Api, Api];
}, 120_000);

const newTrack = async (api: Api, body: Record<string, unknown> = {}): Promise<{ releaseId: string; track: Track }> => {
  const release = await postRelease(api, { title: 'Audio', type: 'single', release_date: '2026-06-01', genre: 'Electronic', artist_id: a.nova });
  const releaseId = String(release.uuid);
  return { releaseId, track: await postTrack<Track>(api, releaseId, { title: 'Song', position: 1, explicit: false, ...body }) };
};

const form = (field: string, bytes: Buffer, type: string, filename: string): FormData => {
  const data = new FormData();
  data.append('note', 'a text field rides along');
  data.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return data;
};

const upload = (api: Api, trackId: string, body: FormData, path: 'audio' | 'upload' = 'audio') =>
  api(`/v1/tracks/${trackId}/${path}`, { method: 'POST', raw: body });

/** A signed audio_url's file address: its query (signature, expiry) changes with every answer. */
const addressOf = (url: string): string => url.split('?')[0] ?? '';

/** The track as read, its audio_url as the file's address. */
const getTrack = async (api: Api, trackId: string): Promise<Track> => {
  const track = (await api<{ track: Track }>(`/v1/tracks/${trackId}`)).body.track;
  return { ...track, audio_url: track.audio_url === null ? null : addressOf(String(track.audio_url)) };
};

/** What the catalogue stored from the file, including the fields reads do not show. */
const storedAudio = async (trackId: string) =>
  (
    await world.db.query(
      `select "audio_key", "audio_format", "audio_sample_rate_hz", "audio_bit_depth", "audio_channels", "audio_duration_ms", "mime_type"
         from "catalogue"."track" where "id" = $1`,
      [trackId],
    )
  ).rows[0] as Record<string, any>;

/** Every stored file, as keys (the gateway's temporary files aside). */
const storedFiles = (): Promise<string[]> => storedKeys(blobDir);

/** The upload's answer: a master is private, its audio_url signed to expire. Answers the file's address. */
const expectUploaded = (response: ApiResponse): string => {
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ success: true, message: 'Audio uploaded.', data: { audio_url: expect.any(String) } });
  const url = String(response.body.data.audio_url);
  expect(url.startsWith(`${CDN_URL}/private/`)).toBe(true);
  expect(new URL(url).searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
  return addressOf(url);
};

describe('POST /tracks/{uuid}/audio', () => {
  it('stores a 24-bit 44.1 kHz stereo WAV and reads back what the file holds', async () => {
    const api = rosterA();
    const { track } = await newTrack(api);
    const bytes = wavFile();
    const audioUrl = expectUploaded(await upload(api, track.uuid, form('audio', bytes, 'audio/wav', 'master.wav')));

    const read = await getTrack(api, track.uuid);
    expect(read).toMatchObject({
      audio_url: audioUrl,
      mime_type: 'audio/wav',
      file_size: bytes.length,
      audio_channels: WAV_24_BIT.channels,
      audio_duration_ms: WAV_24_BIT.seconds * 1000,
      duration: WAV_24_BIT.seconds, // the track had none: the file's is taken
    });
    expect(read.audio_uploaded_at).toMatch(ISO_UTC);
    for (const hidden of ['audio_format', 'audio_bit_depth', 'audio_sample_rate', 'audio_sample_rate_hz']) expect(read).not.toHaveProperty(hidden);

    const stored = await storedAudio(track.uuid);
    expect(stored).toMatchObject({
      audio_format: 'wav',
      audio_sample_rate_hz: 44_100,
      audio_bit_depth: 24,
      audio_channels: 2,
      audio_duration_ms: 2000,
    });
    expect(audioUrl).toBe(`${CDN_URL}/${stored.audio_key}`);
    expect((await readFile(join(blobDir, stored.audio_key))).equals(bytes)).toBe(true);

    expect(await eventsNaming(world.db, 'track.audio_uploaded', 'track_id', track.uuid)).toEqual([
      expect.objectContaining({
        track_id: track.uuid,
        audio_url: audioUrl,
        mime_type: 'audio/wav',
        file_size: bytes.length,
        audio_format: 'wav',
        duration_ms: 2000,
      }),
    ]);
  });

  it('stores a FLAC through the /upload alias and keeps the duration the track already had', async () => {
    const api = rosterA();
    const { track } = await newTrack(api, { duration: 300 });
    const bytes = flacFile();
    const audioUrl = expectUploaded(await upload(api, track.uuid, form('audio', bytes, 'audio/x-flac', 'master.flac'), 'upload'));
    expect(await getTrack(api, track.uuid)).toMatchObject({
      audio_url: audioUrl,
      mime_type: 'audio/flac',
      file_size: bytes.length,
      audio_channels: 2,
      audio_duration_ms: FLAC_24_BIT.seconds * 1000,
      duration: 300,
    });
    expect(await storedAudio(track.uuid)).toMatchObject({
      audio_format: 'flac',
      audio_sample_rate_hz: 48_000,
      audio_bit_depth: 24,
      audio_channels: 2,
    });
  });

  it('trusts the bytes, not the claimed type or name, and removes a replaced file', async () => {
    const api = rosterA();
    const { track } = await newTrack(api);
    expectUploaded(await upload(api, track.uuid, form('audio', aiffFile(), 'audio/wav', 'mislabelled.wav')));
    const first = await storedAudio(track.uuid);
    expect(first).toMatchObject({ audio_format: 'aiff', mime_type: 'audio/aiff', audio_bit_depth: 16 });

    const mp3 = mp3File();
    const audioUrl = expectUploaded(await upload(api, track.uuid, form('audio', mp3, 'audio/flac', 'mislabelled.flac')));
    const second = await storedAudio(track.uuid);
    expect(second).toMatchObject({
      audio_format: 'mp3',
      mime_type: 'audio/mpeg',
      audio_sample_rate_hz: 44_100,
      audio_bit_depth: null,
      audio_channels: 2,
    });
    expect(await getTrack(api, track.uuid)).toMatchObject({ audio_url: audioUrl, mime_type: 'audio/mpeg', file_size: mp3.length });
    const files = await storedFiles();
    expect(files).toContain(second.audio_key);
    expect(files).not.toContain(first.audio_key);
  });

  it('stores an M4A holding AAC', async () => {
    const api = rosterA();
    const { track } = await newTrack(api);
    expectUploaded(await upload(api, track.uuid, form('audio', m4aFile(), 'audio/mp4', 'song.m4a')));
    expect(await storedAudio(track.uuid)).toMatchObject({
      audio_format: 'aac',
      mime_type: 'audio/x-m4a',
      audio_sample_rate_hz: 44_100,
      audio_bit_depth: null,
    });
  });
});

describe('refused uploads change nothing and keep no file', () => {
  it('415 for a text file named song.wav sent as audio/wav', async () => {
    const api = rosterA();
    const { track } = await newTrack(api);
    const before = await storedFiles();
    const response = await upload(api, track.uuid, form('audio', textFile(), 'audio/wav', 'song.wav'));
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({ success: false, error: "File type 'application/octet-stream' is not allowed for audio uploads." });
    expect(await getTrack(api, track.uuid)).toEqual(track);
    expect(await storedFiles()).toEqual(before);
  });

  it('422 `No audio file provided.` when the audio field is absent, 415 when it holds a file of another type', async () => {
    const api = rosterA();
    const { track } = await newTrack(api);
    const noFile = new FormData();
    noFile.append('note', 'no file here');
    const missing = await upload(api, track.uuid, noFile);
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ success: false, error: Messages.noAudioFile });
    const wrong = await upload(api, track.uuid, form('audio', textFile(), 'text/plain', 'notes.txt'));
    expect(wrong.status).toBe(415);
    expect(await getTrack(api, track.uuid)).toEqual(track);
  });

  it('422 for a WAV container that holds no readable audio', async () => {
    const api = rosterA();
    const { track } = await newTrack(api);
    const before = await storedFiles();
    const response = await upload(api, track.uuid, form('audio', brokenWavFile(), 'audio/wav', 'broken.wav'));
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ success: false, error: Messages.audioUnreadable('WAV'), errors: { audio: [Messages.audioUnreadable('WAV')] } });
    expect(await getTrack(api, track.uuid)).toEqual(track);
    expect(await storedFiles()).toEqual(before);
  });

  it('409 once the release is no longer a draft', async () => {
    const api = rosterA();
    const { releaseId, track } = await newTrack(api);
    expect((await api(`/v1/releases/${releaseId}/dsps`, { method: 'POST', body: { dsps: ['spotify'] } })).status).toBe(200);
    expect((await api(`/v1/releases/${releaseId}/submit`, { method: 'POST' })).status).toBe(200);
    const before = await storedFiles();
    const response = await upload(api, track.uuid, form('audio', wavFile(), 'audio/wav', 'late.wav'));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ success: false, error: Messages.trackReleaseNotDraft });
    expect((await getTrack(api, track.uuid)).audio_url).toBeNull();
    expect(await storedFiles()).toEqual(before);
  });

  it('404 `Track not found.` for another tenant’s track or another artist’s', async () => {
    const api = rosterA();
    const { track } = await newTrack(api);
    const before = await storedFiles();
    for (const stranger of [b.roster, a.lunaKey]) {
      const response = await upload(stranger, track.uuid, form('audio', wavFile(), 'audio/wav', 'song.wav'));
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, error: Messages.trackNotFound });
    }
    expect(await getTrack(api, track.uuid)).toEqual(track);
    expect(await storedFiles()).toEqual(before);
  });
});
