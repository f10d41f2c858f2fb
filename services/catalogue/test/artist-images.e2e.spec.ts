import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { Messages } from '@sv/contracts';
import type { ApiResponse } from '@sv/testing';
import { jpegKeyOf, storedJpegOf as storedJpegIn, storedKeys as storedKeysIn } from './support/blob-store.ts';
import { useCatalogueWorld, type Api } from './support/catalogue-world.ts';
import { jpegOf, pixelAt, pngClaiming, textBytes, transparentPngOf, truncatedJpegOf } from './support/image-fixtures.ts';

/*
 * Artist avatars and banners through the real gateway: converted to JPEG like covers (no minimum
 * size, at most 8000x8000), stored on the CDN; refusals keep nothing and change nothing.
 */

const world = useCatalogueWorld();
let blobDir: string;
let cdnUrl: string;
let tenantId: string;
let owner: Api;
let otherOwner: Api;

beforeAll(async () => {
  blobDir = world.platform.env.SV_BLOB_DIR ?? '';
  cdnUrl = world.platform.env.SV_CDN_URL ?? '';
  tenantId = await world.tenant('faces', 'Faces');
  await world.tenant('others', 'Others');
  [owner, otherOwner] = await Promise.all([world.key('faces', 'owner'), world.key('others', 'owner')]);
}, 120_000);

const createArtist = async (): Promise<string> => {
  const slug = `face-${randomUUID().slice(0, 8)}`;
  const response = await owner('/v1/artists', { method: 'POST', body: { name: slug, slug } });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${response.text}`);
  return String(response.body.artist.uuid);
};

const upload = (api: Api, artistId: string, slot: 'avatar' | 'banner', bytes: Buffer, type: string, filename: string): Promise<ApiResponse> => {
  const form = new FormData();
  form.append(slot, new Blob([new Uint8Array(bytes)], { type }), filename);
  return api(`/v1/artists/${artistId}/${slot}`, { method: 'POST', raw: form });
};

const storedKeys = (): Promise<string[]> => storedKeysIn(blobDir);

const keyOf = (url: string): string => jpegKeyOf(cdnUrl, tenantId, url);

const storedJpegOf = (url: string): Promise<Buffer> => storedJpegIn(blobDir, cdnUrl, tenantId, url);

const expectRefusedUnchanged = async (artistId: string, action: () => Promise<void>) => {
  const [keysBefore, before] = await Promise.all([storedKeys(), owner(`/v1/artists/${artistId}`)]);
  await action();
  const [keysAfter, after] = await Promise.all([storedKeys(), owner(`/v1/artists/${artistId}`)]);
  expect(keysAfter).toEqual(keysBefore);
  expect(after.body.artist).toEqual(before.body.artist);
};

describe('POST /artists/{uuid}/avatar and /banner', () => {
  it('stores a small transparent PNG avatar as a JPEG on white, keeping only the converted file', async () => {
    const artistId = await createArtist();
    const keysBefore = await storedKeys();
    const response = await upload(owner, artistId, 'avatar', await transparentPngOf(120), 'image/png', 'me.png');
    expect(response.status).toBe(200);
    const url = String(response.body.artist.avatar_url);
    const file = await storedJpegOf(url);
    expect(await sharp(file).metadata()).toMatchObject({ width: 120, height: 120 });
    expect(await pixelAt(file, 0, 0)).toEqual({ r: 255, g: 255, b: 255 });
    expect(await storedKeys()).toEqual([...keysBefore, keyOf(url)].sort());
    expect((await owner(`/v1/artists/${artistId}`)).body.artist.avatar_url).toBe(url);
  });

  it('stores a WebP banner as a JPEG of the same size and removes the banner it replaces', async () => {
    const artistId = await createArtist();
    const webp = await sharp({ create: { width: 1500, height: 500, channels: 3, background: '#204060' } }).webp().toBuffer();
    const first = await upload(owner, artistId, 'banner', webp, 'image/webp', 'banner.webp');
    expect(first.status).toBe(200);
    const firstKey = keyOf(String(first.body.artist.banner_url));
    expect(await sharp(await storedJpegOf(first.body.artist.banner_url)).metadata()).toMatchObject({ width: 1500, height: 500 });

    const second = await upload(owner, artistId, 'banner', await jpegOf(800), 'image/jpeg', 'banner.jpg');
    expect(second.status).toBe(200);
    const keys = await storedKeys();
    expect(keys).not.toContain(firstKey);
    expect(keys).toContain(keyOf(String(second.body.artist.banner_url)));
    expect(second.body.artist.avatar_url).toBeNull();
  });

  it('refuses a truncated image and one whose header claims 20000x20000 with 422, changing nothing', async () => {
    const artistId = await createArtist();
    await expectRefusedUnchanged(artistId, async () => {
      const truncated = await upload(owner, artistId, 'avatar', await truncatedJpegOf(600), 'image/jpeg', 'cut.jpg');
      expect(truncated.status).toBe(422);
      expect(truncated.body).toEqual({ success: false, error: 'Validation failed', errors: { avatar: [Messages.imageUnreadable] } });
      const huge = await upload(owner, artistId, 'banner', pngClaiming(20_000, 20_000), 'image/png', 'huge.png');
      expect(huge.status).toBe(422);
      expect(huge.body.errors).toEqual({ banner: [Messages.imageTooLarge(20_000, 20_000)] });
    });
  });

  it('refuses with 422 a file whose bytes show no format at all, changing nothing', async () => {
    const artistId = await createArtist();
    await expectRefusedUnchanged(artistId, async () => {
      const response = await upload(owner, artistId, 'avatar', textBytes(), 'image/png', 'me.png');
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ success: false, error: 'Validation failed', errors: { avatar: [Messages.imageUnreadable] } });
    });
  });

  it("answers 404 'Artist not found.' for another tenant's artist and keeps no file", async () => {
    const artistId = await createArtist();
    await expectRefusedUnchanged(artistId, async () => {
      const response = await upload(otherOwner, artistId, 'avatar', await jpegOf(100), 'image/jpeg', 'me.jpg');
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, error: Messages.artistNotFound });
    });
  });
});
