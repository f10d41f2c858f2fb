import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { Messages } from '@sv/contracts';
import type { ApiResponse } from '@sv/testing';
import { storedKeys as storedKeysIn } from './support/blob-store.ts';
import { startCatalogueWorld, useWorld, type Api } from './support/catalogue-world.ts';
import { garbageScanJpegOf, noiseBytes } from './support/image-fixtures.ts';
import { postRelease } from './support/release-builders.ts';

/*
 * Covers that must not be decoded into a stored file (spec, Other 422 causes: a cover image that
 * is unreadable or corrupt is 422), against the 415 kept for a recognisable type that is not an
 * image we take. Each refusal stores nothing and leaves the release as it was.
 */

type Release = Record<string, any> & { uuid: string; artwork_url: string | null; updated_at: string };

const world = useWorld(() => startCatalogueWorld({ env: { SV_RATE_LIMIT_MULTIPLIER: '20' } }));
let api: Api;
let garbageScanCover: Buffer;

beforeAll(async () => {
  await world.tenant('corrupt-art', 'Corrupt Artwork');
  const artistId = await world.artist('corrupt-art', 'smudger', 'Smudger');
  api = await world.key('corrupt-art', 'artist', '--artist', artistId);
  // 3000x3000, so the minimum size passes and only the pixel data is wrong.
  garbageScanCover = await garbageScanJpegOf(3000);
}, 120_000);

const createRelease = (): Promise<Release> =>
  postRelease<Release>(api, { title: `Corrupt ${randomUUID().slice(0, 8)}`, type: 'single', release_date: '2027-03-01', genre: 'Pop' });

const uploadArtwork = (releaseId: string, bytes: Buffer, declaredType: string, filename: string): Promise<ApiResponse> => {
  const form = new FormData();
  form.append('artwork', new Blob([new Uint8Array(bytes)], { type: declaredType }), filename);
  return api(`/v1/releases/${releaseId}/artwork`, { method: 'POST', raw: form });
};

/** Uploads `bytes` as the cover of a new release; checks nothing was stored or changed, and answers the response. */
const refusedUpload = async (bytes: Buffer, declaredType: string, filename: string): Promise<ApiResponse> => {
  const release = await createRelease();
  const blobDir = world.platform.env.SV_BLOB_DIR ?? '';
  const keysBefore = await storedKeysIn(blobDir);
  const response = await uploadArtwork(release.uuid, bytes, declaredType, filename);
  expect(await storedKeysIn(blobDir)).toEqual(keysBefore);
  const after = await api(`/v1/releases/${release.uuid}`);
  expect(after.body.release).toMatchObject({ artwork_url: null, updated_at: release.updated_at });
  return response;
};

const unreadable = { success: false, error: Messages.validationFailed, errors: { artwork: [Messages.imageUnreadable] } };

describe('POST /releases/{uuid}/artwork with a cover that cannot be trusted', () => {
  it('refuses a JPEG whose header is valid but whose scan data is garbage with 422', async () => {
    // The header alone passes: the JPEG is 3000x3000 and the decoder reaches its end.
    expect(await sharp(garbageScanCover).metadata()).toMatchObject({ format: 'jpeg', width: 3000, height: 3000 });
    const response = await refusedUpload(garbageScanCover, 'image/jpeg', 'cover.jpg');
    expect([response.status, response.body]).toEqual([422, unreadable]);
  });

  it('refuses bytes in no format at all with 422, whatever their declared type and name', async () => {
    const response = await refusedUpload(noiseBytes(200_000), 'image/jpeg', 'cover.jpg');
    expect([response.status, response.body]).toEqual([422, unreadable]);
  });

  it.each([
    ['a GIF', 'image/gif', () => sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#246' } }).gif().toBuffer()],
    ['a PDF', 'application/pdf', () => Promise.resolve(Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'))],
  ])('keeps 415 for %s, a recognisable type that is not an image we take', async (_label, mime, make) => {
    const response = await refusedUpload(await make(), 'image/jpeg', 'cover.jpg');
    expect([response.status, response.body]).toEqual([415, { success: false, error: Messages.fileTypeNotAllowed(mime, 'image') }]);
  });
});
