import { Messages } from '@sv/contracts';
import type { ApiResponse } from '@sv/testing';
import { useCatalogueWorld, type Api } from './support/catalogue-world.ts';
import { eventsOf } from './support/outbox.ts';
import { fileForm, gifFixture, mp4Fixture, movFixture, truncatedMp4, webmFixture } from './support/video-fixtures.ts';

/*
 * Animated artwork through the real gateway and catalogue: the upload answers 202 with the asset
 * `processing`; the catalogue's durable consumer then reads the file, and the asset turns `valid`
 * or `invalid` with reasons. Polled with a bounded loop, never timed.
 */

const world = useCatalogueWorld({ env: { SV_RATE_LIMIT_MULTIPLIER: '20' } });
let artist: Api;
let owner: Api;
let ownerB: Api;

const newRelease = async (title = 'Motion'): Promise<string> => {
  const response = await artist('/releases', { body: { title, type: 'single', release_date: '2027-05-01', genre: 'Electronic' } });
  if (response.status !== 201) throw new Error(`POST /releases answered ${response.status}: ${response.text}`);
  return String(response.body.release.uuid);
};

const MIME_OF: Record<string, string> = { mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm', gif: 'image/gif' };

const upload = (client: Api, releaseId: string, assetType: string, bytes: Buffer, extension: string): Promise<ApiResponse> =>
  client(`/releases/${releaseId}/animated-artwork/${assetType}`, {
    method: 'POST',
    raw: fileForm('file', bytes, MIME_OF[extension] ?? 'application/octet-stream', `motion.${extension}`),
  });

/** Polls the asset until it has left `processing` (bounded: gives up after 150 tries). */
const settled = async (releaseId: string, assetType: string): Promise<Record<string, any>> => {
  for (let attempt = 0; attempt < 150; attempt++) {
    const response = await owner(`/releases/${releaseId}/animated-artwork/${assetType}`);
    if (response.status !== 200) throw new Error(`GET answered ${response.status}: ${response.text}`);
    if (response.body.animated_artwork.status !== 'processing') return response.body.animated_artwork;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${assetType} of ${releaseId} is still processing`);
};

/** Uploads, expects 202 processing, and waits for the verdict. */
const verdict = async (assetType: string, bytes: Buffer, extension: string, releaseId?: string): Promise<Record<string, any>> => {
  const release = releaseId ?? (await newRelease());
  const response = await upload(artist, release, assetType, bytes, extension);
  expect(response.status).toBe(202);
  expect(response.body.animated_artwork.status).toBe('processing');
  return settled(release, response.body.animated_artwork.asset_type);
};

beforeAll(async () => {
  await Promise.all(['motion-a', 'motion-b'].map((slug) => world.tenant(slug)));
  const artistId = await world.artist('motion-a', 'motion', 'Motion Artist');
  [artist, owner, ownerB] = await Promise.all([
    world.key('motion-a', 'artist', '--artist', artistId),
    world.key('motion-a', 'owner'),
    world.key('motion-b', 'owner'),
  ]);
}, 120_000);

describe('POST /releases/{uuid}/animated-artwork/{asset_type}', () => {
  it('answers 202 with the asset processing, then validates a 9:16 MP4 as a Canvas', async () => {
    const release = await newRelease();
    const bytes = mp4Fixture(1080, 1920, 5_000);
    const response = await upload(artist, release, 'spotify_canvas', bytes, 'mp4');
    expect(response.status).toBe(202);
    expect(response.body.animated_artwork).toMatchObject({
      release_id: release,
      asset_type: 'spotify_canvas',
      status: 'processing',
      mime_type: 'video/mp4',
      file_size: bytes.length,
      width: null,
      errors: [],
      validated_at: null,
    });
    // Animated artwork is private like any video: its URL is signed to expire.
    expect(response.body.animated_artwork.file_url).toMatch(/^http:\/\/127\.0\.0\.1:8083\/private\/.+\.mp4\?expires=\d+&signature=[0-9a-f]{64}$/);

    const asset = await settled(release, 'spotify_canvas');
    expect(asset).toMatchObject({
      uuid: response.body.animated_artwork.uuid,
      status: 'valid',
      container: 'mp4',
      mime_type: 'video/mp4',
      width: 1080,
      height: 1920,
      duration_ms: 5_000,
      errors: [],
    });
    expect(asset.validated_at).not.toBeNull();
  });

  it('validates each format at the right ratio: MOV square, WebM portrait, GIF Canvas', async () => {
    expect(await verdict('apple_motion_square', movFixture(2048, 2048, 20_000), 'mov')).toMatchObject({ status: 'valid', container: 'mov' });
    expect(await verdict('apple_motion_portrait', webmFixture({ width: 1080, height: 1440, durationMs: 30_000 }), 'webm')).toMatchObject({
      status: 'valid',
      container: 'webm',
      width: 1080,
      height: 1440,
      duration_ms: 30_000,
    });
    const gif = await gifFixture({ width: 720, height: 1280, frames: 4, frameDelayMs: 1_000 });
    expect(await verdict('spotify_canvas', gif, 'gif')).toMatchObject({ status: 'valid', container: 'gif', width: 720, height: 1280, duration_ms: 4_000 });
  });

  it('marks the wrong ratio invalid, in every format, with the reason', async () => {
    const square = await verdict('spotify_canvas', mp4Fixture(1920, 1920, 5_000), 'mp4');
    expect(square).toMatchObject({ status: 'invalid', width: 1920, height: 1920 });
    expect(square.errors).toEqual(['The aspect ratio must be 9:16 (within 1%); the file is 1920x1920.']);

    const portraitAsSquare = await verdict('apple_motion_square', webmFixture({ width: 1080, height: 1440, durationMs: 20_000 }), 'webm');
    expect(portraitAsSquare.status).toBe('invalid');
    expect(portraitAsSquare.errors).toEqual(['The aspect ratio must be 1:1 (within 1%); the file is 1080x1440.']);

    const wideGif = await gifFixture({ width: 1280, height: 720, frames: 3, frameDelayMs: 1_500 });
    const gifVerdict = await verdict('spotify_canvas', wideGif, 'gif');
    expect(gifVerdict.status).toBe('invalid');
    expect(gifVerdict.errors).toContain('The aspect ratio must be 9:16 (within 1%); the file is 1280x720.');

    const movPortrait = await verdict('apple_motion_portrait', movFixture(2560, 1440, 20_000), 'mov');
    expect(movPortrait.errors).toEqual(['The aspect ratio must be 3:4 (within 1%); the file is 2560x1440.']);
  });

  it('marks too small or too long files invalid, naming each broken rule', async () => {
    const asset = await verdict('spotify_canvas', mp4Fixture(360, 640, 12_000), 'mp4');
    expect(asset.status).toBe('invalid');
    expect(asset.errors).toEqual([
      'The file must be at least 720x1280 pixels; it is 360x640.',
      'The duration must be between 3 s and 8 s; the file runs 12 s.',
    ]);
  });

  it('marks a file it cannot read invalid', async () => {
    const asset = await verdict('spotify_canvas', truncatedMp4(), 'mp4');
    expect(asset).toMatchObject({ status: 'invalid', container: null, width: null, errors: ['The file is not a readable MP4, MOV, WebM or GIF file.'] });
  });

  it('records release.animated_artwork.received with the upload and release.animated_artwork.validated with the verdict', async () => {
    const release = await newRelease();
    const asset = await verdict('spotify_canvas', mp4Fixture(720, 720, 5_000), 'mp4', release);
    const events = await eventsOf(world.db, 'animated_artwork_id', asset.uuid);
    expect(events.map((event) => [event.type, event.data])).toEqual([
      ['release.animated_artwork.received', { animated_artwork_id: asset.uuid, release_id: release, asset_type: 'spotify_canvas' }],
      [
        'release.animated_artwork.validated',
        { animated_artwork_id: asset.uuid, release_id: release, asset_type: 'spotify_canvas', status: 'invalid', errors: asset.errors },
      ],
    ]);
  });

  it('refuses an unknown asset type (422) and stores an alias under its canonical name', async () => {
    const release = await newRelease();
    const unknown = await upload(artist, release, 'tiktok_loop', mp4Fixture(1080, 1920, 5_000), 'mp4');
    expect(unknown.status).toBe(422);
    expect(unknown.body.error).toBe(Messages.unknownAnimatedAssetType('tiktok_loop'));
    expect((await owner(`/releases/${release}/animated-artwork`)).body.animated_artwork).toEqual([]);

    const alias = await upload(artist, release, 'canvas', mp4Fixture(1080, 1920, 5_000), 'mp4');
    expect(alias.status).toBe(202);
    expect(alias.body.animated_artwork.asset_type).toBe('spotify_canvas');
    expect((await owner(`/releases/${release}/animated-artwork/tiktok_loop`)).status).toBe(422);
  });

  it('refuses a file type outside MP4, MOV, WebM and GIF (415) and a file over 50 MB (413)', async () => {
    const release = await newRelease();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d7c1e90000000049454e44ae426082', 'hex');
    expect((await upload(artist, release, 'spotify_canvas', png, 'png')).status).toBe(415);
    const huge = Buffer.concat([mp4Fixture(1080, 1920, 5_000), Buffer.alloc(50 * 1024 * 1024)]);
    const tooLarge = await upload(artist, release, 'spotify_canvas', huge, 'mp4');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error).toBe('Animated artwork must be <=50 MB.');
    expect((await owner(`/releases/${release}/animated-artwork`)).body.animated_artwork).toEqual([]);
  });
});

describe('a release\'s animated artwork', () => {
  it('lists the live asset of each type; a new upload of a type supersedes the previous one', async () => {
    const release = await newRelease();
    const first = await upload(artist, release, 'spotify_canvas', mp4Fixture(1080, 1920, 5_000), 'mp4');
    await upload(artist, release, 'apple_motion_square', movFixture(1080, 1080, 20_000), 'mov');
    const second = await upload(artist, release, 'spotify-canvas', webmFixture({ width: 720, height: 1280, durationMs: 6_000 }), 'webm');
    expect(second.status).toBe(202);

    const listed = await owner(`/releases/${release}/animated-artwork`);
    expect(listed.status).toBe(200);
    expect(listed.body.animated_artwork.map((asset: any) => asset.asset_type)).toEqual(['apple_motion_square', 'spotify_canvas']);
    const canvas = listed.body.animated_artwork.find((asset: any) => asset.asset_type === 'spotify_canvas');
    expect(canvas.uuid).toBe(second.body.animated_artwork.uuid);
    expect(canvas.uuid).not.toBe(first.body.animated_artwork.uuid);
    expect(await settled(release, 'spotify_canvas')).toMatchObject({ status: 'valid', container: 'webm' });
  });

  it('deletes an asset type (204); it is gone, and deleting again is 404', async () => {
    const release = await newRelease();
    await upload(artist, release, 'apple_motion_portrait', webmFixture({ width: 1080, height: 1440, durationMs: 20_000 }), 'webm');
    expect((await artist(`/releases/${release}/animated-artwork/apple_motion_portrait`, { method: 'DELETE' })).status).toBe(204);
    const gone = await owner(`/releases/${release}/animated-artwork/apple_motion_portrait`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe(Messages.animatedArtworkNotFound);
    expect((await owner(`/releases/${release}/animated-artwork`)).body.animated_artwork).toEqual([]);
    expect((await artist(`/releases/${release}/animated-artwork/apple_motion_portrait`, { method: 'DELETE' })).status).toBe(404);
  });

  it('answers 404 on every animated artwork route for another tenant\'s release', async () => {
    const release = await newRelease();
    await upload(artist, release, 'spotify_canvas', mp4Fixture(1080, 1920, 5_000), 'mp4');
    const attempts = await Promise.all([
      upload(ownerB, release, 'spotify_canvas', mp4Fixture(1080, 1920, 5_000), 'mp4'),
      ownerB(`/releases/${release}/animated-artwork`),
      ownerB(`/releases/${release}/animated-artwork/spotify_canvas`),
      ownerB(`/releases/${release}/animated-artwork/spotify_canvas`, { method: 'DELETE' }),
    ]);
    expect(attempts.map((response) => response.status)).toEqual([404, 404, 404, 404]);
    expect(new Set(attempts.map((response) => response.body.error))).toEqual(new Set([Messages.releaseNotFound]));
    expect((await owner(`/releases/${release}/animated-artwork`)).body.animated_artwork).toHaveLength(1);
  });
});
