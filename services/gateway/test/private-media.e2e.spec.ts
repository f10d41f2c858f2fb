import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { LocalDiskBlobStore } from '@sv/platform';
import { apiClient, freePort, startPlatform, type TestPlatform } from '@sv/testing';
import pg from 'pg';
import sharp from 'sharp';

/*
 * Private media end to end: masters go in through the gateway, come back from the API only as
 * signed, expiring URLs on the local CDN, and the CDN refuses them otherwise. Public images keep
 * their permanent URL. Every CDN answer is typed from a fixed list, never sniffed, never a page.
 */

const SIGNING_SECRET = 'private-media-e2e-signing-secret-0123456789';
/** Short, so that a test can outlive a URL. */
const MEDIA_URL_TTL_SECONDS = 3;
const HTML = '<!doctype html><html><body><script>alert(document.domain)</script></body></html>';

type Api = ReturnType<typeof apiClient>;

/** A 1-second 16-bit 44.1 kHz stereo PCM WAV of silence. */
const wavFile = (): Buffer => {
  const data = Buffer.alloc(44_100 * 4);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(44_100, 24);
  header.writeUInt32LE(44_100 * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
};

const formOf = (field: string, bytes: Buffer, type: string, filename: string): FormData => {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return form;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A URL without its query: the permanent address of the file it reads. */
const permanentOf = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
};

/** A CDN refusal or failure names no file, directory, stack or error class. */
const expectBareAnswer = async (response: Response, status: number, blobDir: string) => {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  const body = await response.text();
  expect(body.length).toBeLessThan(40);
  for (const leak of [blobDir, 'ENOENT', 'Error', '    at ', '/private/', '.wav', '<']) expect(body).not.toContain(leak);
};

describe('private media on the local CDN', () => {
  let platform: TestPlatform;
  let db: pg.Client;
  let cdnUrl: string;
  let blobDir: string;
  let api: Api;
  let tenantId: string;
  let artistId: string;
  /** Signs reads as the platform does (same secret), for files the test writes itself. */
  let signer: LocalDiskBlobStore;

  beforeAll(async () => {
    const port = await freePort();
    cdnUrl = `http://127.0.0.1:${port}`;
    platform = await startPlatform({
      supplyChain: true,
      env: {
        SV_CDN_PORT: String(port),
        SV_CDN_URL: cdnUrl,
        SV_BLOB_SIGNING_SECRET: SIGNING_SECRET,
        SV_MEDIA_URL_TTL_SECONDS: String(MEDIA_URL_TTL_SECONDS),
      },
    });
    blobDir = platform.env.SV_BLOB_DIR ?? '';
    expect(blobDir).not.toBe('');
    signer = new LocalDiskBlobStore(blobDir, cdnUrl, SIGNING_SECRET);
    db = new pg.Client({ connectionString: platform.db.url });
    await db.connect();
    tenantId = String((await platform.adminOk('tenant', 'create', '--slug', 'masters', '--name', 'Masters')).tenant.uuid);
    artistId = String((await platform.adminOk('artist', 'create', '--tenant', 'masters', '--name', 'Nova', '--slug', 'nova')).artist.uuid);
    api = apiClient(platform.baseUrl, String((await platform.adminOk('key', 'create', '--tenant', 'masters', '--role', 'owner', '--roster')).key));
  }, 180_000);

  afterAll(async () => {
    await db?.end();
    await platform?.stop();
  });

  const newRelease = async (): Promise<string> => {
    const release = await api('/v1/releases', {
      method: 'POST',
      body: { title: 'Masters', type: 'single', release_date: '2026-06-01', genre: 'Electronic', artist_id: artistId },
    });
    expect(release.status).toBe(201);
    return String(release.body.release.uuid);
  };

  /** A new track with an uploaded WAV; answers its id and the audio_url of the upload's answer. */
  const trackWithAudio = async (): Promise<{ trackId: string; audioUrl: string; bytes: Buffer }> => {
    const releaseId = await newRelease();
    const track = await api(`/v1/releases/${releaseId}/tracks`, { method: 'POST', body: { title: 'Song', position: 1, explicit: false } });
    expect(track.status).toBe(201);
    const trackId = String(track.body.track.uuid);
    const bytes = wavFile();
    const uploaded = await api(`/v1/tracks/${trackId}/audio`, { method: 'POST', raw: formOf('audio', bytes, 'audio/wav', 'master.wav') });
    expect(uploaded.status).toBe(200);
    return { trackId, audioUrl: String(uploaded.body.data.audio_url), bytes };
  };

  const storedAudioKey = async (trackId: string): Promise<string> =>
    String((await db.query(`select "audio_key" from "catalogue"."track" where "id" = $1`, [trackId])).rows[0]?.audio_key);

  it('stores an audio master under private/ and refuses its permanent URL', async () => {
    const { trackId, audioUrl } = await trackWithAudio();
    const key = await storedAudioKey(trackId);
    expect(key.startsWith(`private/${tenantId}/`)).toBe(true);
    expect(permanentOf(audioUrl)).toBe(`${cdnUrl}/${key}`);

    await expectBareAnswer(await fetch(`${cdnUrl}/${key}`), 403, blobDir);
    expect((await fetch(`${cdnUrl}/${key}`, { method: 'HEAD' })).status).toBe(403);
  });

  it('serves the master through the signed URL the API hands out, typed and never sniffed, until it expires', async () => {
    const { trackId, audioUrl, bytes } = await trackWithAudio();
    const served = await fetch(audioUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('audio/wav');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toMatch(/^private, max-age=[0-3]$/);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);

    // Reads sign afresh.
    const read = await api(`/v1/tracks/${trackId}`);
    const readUrl = String(read.body.track.audio_url);
    expect(permanentOf(readUrl)).toBe(permanentOf(audioUrl));
    expect(new URL(readUrl).searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
    const ranged = await fetch(readUrl, { headers: { range: 'bytes=0-3' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).toString('latin1')).toBe('RIFF');

    const expires = Number(new URL(audioUrl).searchParams.get('expires'));
    expect(expires).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + MEDIA_URL_TTL_SECONDS);
    await sleep(Math.max(0, (expires + 1) * 1000 - Date.now()));
    const expired = await fetch(audioUrl);
    await expectBareAnswer(expired, 403, blobDir);
  }, 30_000);

  it('refuses a signed URL with its signature, expiry or file changed', async () => {
    const first = await trackWithAudio();
    const second = await trackWithAudio();
    const url = new URL(first.audioUrl);
    const signature = url.searchParams.get('signature') ?? '';

    const flipped = new URL(url);
    flipped.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 86_400));
    const otherFile = new URL(`${permanentOf(second.audioUrl)}${url.search}`);
    const unsigned = new URL(url);
    unsigned.searchParams.delete('signature');

    for (const tampered of [flipped, later, otherFile, unsigned]) await expectBareAnswer(await fetch(tampered), 403, blobDir);
    expect((await fetch(first.audioUrl)).status).toBe(200);
  });

  it('signs the master of a row that still holds the permanent URL of a file stored before visibility existed', async () => {
    const { trackId } = await trackWithAudio();
    const legacyKey = `${tenantId}/2025/11/${randomUUID()}.wav`;
    const bytes = wavFile();
    await mkdir(dirname(join(blobDir, legacyKey)), { recursive: true });
    await writeFile(join(blobDir, legacyKey), bytes);
    await db.query(`update "catalogue"."track" set "audio_key" = null, "audio_url" = $2 where "id" = $1`, [trackId, `${cdnUrl}/${legacyKey}`]);

    await expectBareAnswer(await fetch(`${cdnUrl}/${legacyKey}`), 403, blobDir);
    const read = await api(`/v1/tracks/${trackId}`);
    const audioUrl = String(read.body.track.audio_url);
    expect(permanentOf(audioUrl)).toBe(`${cdnUrl}/${legacyKey}`);
    const served = await fetch(audioUrl);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('keeps release artwork public: a permanent URL anyone can read, typed and never sniffed', async () => {
    const releaseId = await newRelease();
    const cover = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#336699' } }).jpeg({ quality: 80 }).toBuffer();
    const uploaded = await api(`/v1/releases/${releaseId}/artwork`, { method: 'POST', raw: formOf('artwork', cover, 'image/jpeg', 'cover.jpg') });
    expect(uploaded.status).toBe(200);
    const artworkUrl = String(uploaded.body.release.artwork_url);
    expect(artworkUrl).toMatch(new RegExp(`^${cdnUrl}/${tenantId}/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.jpg$`));

    const served = await fetch(artworkUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const stored = await readFile(join(blobDir, artworkUrl.slice(cdnUrl.length + 1)));
    expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true);
  });

  it('never serves a file as text/html, whatever its bytes: images by their extension, anything unknown as a download', async () => {
    const write = async (key: string) => {
      await mkdir(dirname(join(blobDir, key)), { recursive: true });
      await writeFile(join(blobDir, key), HTML);
    };
    const asImage = `${tenantId}/2026/01/${randomUUID()}.jpg`;
    const asPage = `private/${tenantId}/2026/01/${randomUUID()}.html`;
    const asText = `private/${tenantId}/2026/01/${randomUUID()}.txt`;
    const legacyPage = `${tenantId}/2025/11/${randomUUID()}.html`;
    await Promise.all([asImage, asPage, asText, legacyPage].map(write));

    const image = await fetch(`${cdnUrl}/${asImage}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');

    const page = await fetch(await signer.readUrl(asPage, 60));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('application/octet-stream');
    expect(page.headers.get('content-disposition')).toBe('attachment');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');

    const text = await fetch(await signer.readUrl(asText, 60));
    expect(text.headers.get('content-type')).toBe('text/plain');
    expect(text.headers.get('content-disposition')).toBe('attachment');

    // A page is never public, not even at a key of the old shape.
    await expectBareAnswer(await fetch(`${cdnUrl}/${legacyPage}`), 403, blobDir);
    for (const response of [image, page, text]) expect(response.headers.get('content-type')).not.toMatch(/html/);
  });

  it('answers missing files, directories and odd requests with a bare body: no stack, no path', async () => {
    await expectBareAnswer(await fetch(`${cdnUrl}/${tenantId}/2026/01/${randomUUID()}.jpg`), 404, blobDir);
    await expectBareAnswer(await fetch(await signer.readUrl(`private/${tenantId}/2026/01/${randomUUID()}.wav`, 60)), 404, blobDir);
    await expectBareAnswer(await fetch(await signer.readUrl(`private/${tenantId}`, 60)), 404, blobDir);
    await expectBareAnswer(await fetch(`${cdnUrl}/..%2f..%2fetc%2fpasswd`), 404, blobDir);
    await expectBareAnswer(await fetch(`${cdnUrl}/.incoming/x.jpg`), 404, blobDir);
    await expectBareAnswer(await fetch(`${cdnUrl}/${tenantId}/x.jpg`, { method: 'POST', body: 'x' }), 404, blobDir);
    // The upload endpoint answers in JSON, never sniffed either.
    const uploadAnswer = await fetch(`${cdnUrl}/_uploads/${tenantId}/x.jpg`);
    expect(uploadAnswer.status).toBe(404);
    expect(uploadAnswer.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
