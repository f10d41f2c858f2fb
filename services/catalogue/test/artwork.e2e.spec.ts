import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { Messages } from '@sv/contracts';
import { freePort, type ApiResponse } from '@sv/testing';
import { storedJpegOf as storedJpegIn, storedKeys as storedKeysIn } from './support/blob-store.ts';
import { startCatalogueWorld, useWorld, type Api } from './support/catalogue-world.ts';
import { startImageHost, type ImageHost } from './support/image-host.ts';
import { jpegOf, pixelAt, pngClaiming, textBytes, transparentPngOf, truncatedJpegOf } from './support/image-fixtures.ts';
import { eventsNaming } from './support/outbox.ts';
import { postRelease } from './support/release-builders.ts';

/*
 * Release artwork through the real gateway: multipart upload (POST /releases/{uuid}/artwork), the
 * presigned direct upload (POST …/artwork/presign, PUT to the local CDN, then cover_art_url), and
 * cover_art_url on create. Every cover is stored as a JPEG on the CDN; refusals store nothing.
 */

type Release = Record<string, any> & { uuid: string; artwork_url: string | null; updated_at: string };

const MEGABYTE = 1024 * 1024;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

let blobDir: string;
let cdnUrl: string;
/** The platform, with the gateway's local CDN on a port of its own. */
const world = useWorld(async () => {
  const cdnPort = await freePort();
  cdnUrl = `http://127.0.0.1:${cdnPort}`;
  return startCatalogueWorld({ env: { SV_CDN_URL: cdnUrl, SV_CDN_PORT: String(cdnPort), SV_RATE_LIMIT_MULTIPLIER: '20' } });
});
let tenantId: string;
/** An artist key of tenant A (creates releases), and an owner key of tenant B (isolation). */
let apiA: Api;
let apiB: Api;
let imageHost: ImageHost | undefined;
let imageBase: string;
const images: Record<'cover' | 'transparent' | 'small' | 'truncated' | 'huge', Buffer> = {} as never;

beforeAll(async () => {
  [images.cover, images.transparent, images.small, images.truncated] = await Promise.all([
    jpegOf(3000),
    transparentPngOf(3000),
    jpegOf(1000),
    truncatedJpegOf(3000),
  ]);
  images.huge = pngClaiming(20_000, 20_000);
  blobDir = world.platform.env.SV_BLOB_DIR ?? '';
  tenantId = await world.tenant('art-a', 'Artwork A');
  await world.tenant('art-b', 'Artwork B');
  const artistId = await world.artist('art-a', 'painter', 'Painter');
  [apiA, apiB] = await Promise.all([world.key('art-a', 'artist', '--artist', artistId), world.key('art-b', 'owner')]);
  imageHost = await startImageHost((req, res) => {
    if (req.url === '/cover.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(images.small);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('no such image');
  });
  imageBase = imageHost.baseUrl;
}, 120_000);

afterAll(() => imageHost?.close(), 180_000);

const createRelease = (body: Record<string, unknown> = {}): Promise<Release> =>
  postRelease<Release>(apiA, { title: `Cover ${randomUUID().slice(0, 8)}`, type: 'single', release_date: '2027-03-01', genre: 'Pop', ...body });

const artworkForm = (bytes: Buffer, type: string, filename: string, field = 'artwork'): FormData => {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return form;
};

const uploadArtwork = (api: Api, releaseId: string, form: FormData): Promise<ApiResponse> =>
  api(`/v1/releases/${releaseId}/artwork`, { method: 'POST', raw: form });

/** Every file in the blob store, as keys. */
const storedKeys = (): Promise<string[]> => storedKeysIn(blobDir);

/** The stored file behind one of our CDN URLs, checked to be a .jpg of tenant A on the CDN. */
const storedJpegOf = (url: string): Promise<Buffer> => storedJpegIn(blobDir, cdnUrl, tenantId, url);

/** Runs `action`, which must be refused, and checks that the store and the release are as before. */
const expectRefusedUnchanged = async (releaseId: string, action: () => Promise<void>) => {
  const [keysBefore, before] = await Promise.all([storedKeys(), apiA(`/v1/releases/${releaseId}`)]);
  await action();
  const [keysAfter, after] = await Promise.all([storedKeys(), apiA(`/v1/releases/${releaseId}`)]);
  expect(keysAfter).toEqual(keysBefore);
  expect(after.body.release.artwork_url).toBe(before.body.release.artwork_url);
  expect(after.body.release.updated_at).toBe(before.body.release.updated_at);
};

const artworkEventsOf = (releaseId: string): Promise<Record<string, any>[]> =>
  eventsNaming(world.db, 'release.artwork.uploaded', 'release_id', releaseId);

describe('POST /releases/{uuid}/artwork', () => {
  it('stores a 3000x3000 JPEG as a .jpg on the CDN, keeps only the converted file and records release.artwork.uploaded', async () => {
    const release = await createRelease();
    const keysBefore = await storedKeys();
    const response = await uploadArtwork(apiA, release.uuid, artworkForm(images.cover, 'image/jpeg', 'cover.jpg'));
    expect(response.status).toBe(200);
    const stored = response.body.release as Release;
    expect(stored).toMatchObject({ uuid: release.uuid, title: release.title, status: 'draft' });
    expect(stored.cover_art_url).toBe(stored.artwork_url);
    expect(Date.parse(stored.updated_at)).toBeGreaterThan(Date.parse(release.updated_at));
    const file = await storedJpegOf(stored.artwork_url ?? '');
    expect(await sharp(file).metadata()).toMatchObject({ width: 3000, height: 3000 });

    // The gateway's copy of the upload is gone: the converted cover is the only new file.
    expect(await storedKeys()).toEqual([...keysBefore, stored.artwork_url?.slice(cdnUrl.length + 1)].sort());
    // The CDN serves it.
    const served = await fetch(stored.artwork_url ?? '');
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(file)).toBe(true);

    const read = await apiA(`/v1/releases/${release.uuid}`);
    expect(read.body.release).toMatchObject({ artwork_url: stored.artwork_url, cover_art_url: stored.artwork_url, updated_at: stored.updated_at });
    expect(await artworkEventsOf(release.uuid)).toEqual([{ release_id: release.uuid, title: release.title, artwork_url: stored.artwork_url }]);
  });

  it('flattens a transparent PNG onto white and removes the cover it replaces', async () => {
    const release = await createRelease();
    const first = await uploadArtwork(apiA, release.uuid, artworkForm(images.cover, 'image/jpeg', 'first.jpg'));
    expect(first.status).toBe(200);
    const firstKey = String(first.body.release.artwork_url).slice(cdnUrl.length + 1);

    const second = await uploadArtwork(apiA, release.uuid, artworkForm(images.transparent, 'image/png', 'second.png'));
    expect(second.status).toBe(200);
    const file = await storedJpegOf(second.body.release.artwork_url);
    expect(await pixelAt(file, 0, 0)).toEqual({ r: 255, g: 255, b: 255 });
    expect(await pixelAt(file, 2999, 2999)).toEqual({ r: 255, g: 255, b: 255 });
    expect((await pixelAt(file, 1500, 1500)).g).toBeLessThan(20); // the red centre stays red

    const keys = await storedKeys();
    expect(keys).not.toContain(firstKey);
    expect(keys).toContain(String(second.body.release.artwork_url).slice(cdnUrl.length + 1));
    expect((await artworkEventsOf(release.uuid)).map((event) => event.artwork_url)).toEqual([
      first.body.release.artwork_url,
      second.body.release.artwork_url,
    ]);
  });

  it('refuses artwork under 3000x3000 pixels with 422 and changes nothing', async () => {
    const release = await createRelease();
    await expectRefusedUnchanged(release.uuid, async () => {
      const response = await uploadArtwork(apiA, release.uuid, artworkForm(images.small, 'image/jpeg', 'small.jpg'));
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ success: false, error: 'Validation failed', errors: { artwork: [Messages.artworkTooSmall(1000, 1000)] } });
    });
    expect(await artworkEventsOf(release.uuid)).toEqual([]);
  });

  it('refuses a truncated JPEG with 422', async () => {
    const release = await createRelease();
    await expectRefusedUnchanged(release.uuid, async () => {
      const response = await uploadArtwork(apiA, release.uuid, artworkForm(images.truncated, 'image/jpeg', 'cut.jpg'));
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ artwork: [Messages.imageUnreadable] });
    });
  });

  it('refuses, by its header alone, an image claiming 20000x20000 pixels with 422', async () => {
    const release = await createRelease();
    await expectRefusedUnchanged(release.uuid, async () => {
      const response = await uploadArtwork(apiA, release.uuid, artworkForm(images.huge, 'image/png', 'huge.png'));
      expect(response.status).toBe(422);
      // The file holds a header and 64 bytes of pixel data: decoding would have failed as corrupt.
      expect(response.body.errors).toEqual({ artwork: [Messages.imageTooLarge(20_000, 20_000)] });
    });
  });

  it('refuses with 422 a file whose bytes show no format at all, whatever its name and declared type', async () => {
    const release = await createRelease();
    await expectRefusedUnchanged(release.uuid, async () => {
      const response = await uploadArtwork(apiA, release.uuid, artworkForm(textBytes(), 'image/png', 'cover.png'));
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ artwork: [Messages.imageUnreadable] });
    });
  });

  it('refuses a request without the artwork file with 422', async () => {
    const release = await createRelease();
    await expectRefusedUnchanged(release.uuid, async () => {
      const response = await uploadArtwork(apiA, release.uuid, artworkForm(images.cover, 'image/jpeg', 'cover.jpg', 'picture'));
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ artwork: [expect.any(String)] });
    });
  });

  it("answers 404 'Release not found.' for another tenant's release and an unknown one, and keeps no file", async () => {
    const release = await createRelease();
    await expectRefusedUnchanged(release.uuid, async () => {
      const response = await uploadArtwork(apiB, release.uuid, artworkForm(images.cover, 'image/jpeg', 'cover.jpg'));
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, error: Messages.releaseNotFound });
      const unknown = await uploadArtwork(apiA, randomUUID(), artworkForm(images.cover, 'image/jpeg', 'cover.jpg'));
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ success: false, error: Messages.releaseNotFound });
    });
  });
});

describe('POST /releases/{uuid}/artwork/presign', () => {
  it('answers an upload URL; the file PUT there becomes the cover once set as cover_art_url', async () => {
    const release = await createRelease();
    const presign = await apiA(`/v1/releases/${release.uuid}/artwork/presign`, { method: 'POST', body: { content_type: 'image/png' } });
    expect(presign.status).toBe(200);
    expect(Object.keys(presign.body).sort()).toEqual(['cover_art_url', 'expires_at', 'headers', 'max_bytes', 'method', 'upload_url']);
    expect(presign.body).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'image/png' }, max_bytes: 20 * MEGABYTE });
    expect(presign.body.cover_art_url).toMatch(new RegExp(`^${cdnUrl}/${tenantId}/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.png$`));
    expect(presign.body.expires_at).toMatch(ISO_UTC);
    expect(Date.parse(presign.body.expires_at)).toBeGreaterThan(Date.now());

    // Before the PUT there is nothing to import.
    const early = await apiA(`/v1/releases/${release.uuid}`, { method: 'PATCH', body: { cover_art_url: presign.body.cover_art_url } });
    expect(early.status).toBe(422);
    expect(early.body.errors).toEqual({ cover_art_url: [Messages.coverArtNotUploaded] });

    const put = await fetch(presign.body.upload_url, { method: 'PUT', headers: presign.body.headers, body: new Uint8Array(images.transparent) });
    expect(put.status).toBe(200);

    const patched = await apiA(`/v1/releases/${release.uuid}`, { method: 'PATCH', body: { cover_art_url: presign.body.cover_art_url } });
    expect(patched.status).toBe(200);
    const artworkUrl = String(patched.body.release.artwork_url);
    expect(artworkUrl).not.toBe(presign.body.cover_art_url);
    const file = await storedJpegOf(artworkUrl);
    expect(await sharp(file).metadata()).toMatchObject({ width: 3000, height: 3000 });
    expect(await pixelAt(file, 0, 0)).toEqual({ r: 255, g: 255, b: 255 });
  });

  it('defaults to image/jpeg and refuses a type that is not an image with 422', async () => {
    const release = await createRelease();
    const presign = await apiA(`/v1/releases/${release.uuid}/artwork/presign`, { method: 'POST' });
    expect(presign.status).toBe(200);
    expect(presign.body.headers).toEqual({ 'Content-Type': 'image/jpeg' });
    expect(presign.body.cover_art_url).toMatch(/\.jpg$/);

    const refused = await apiA(`/v1/releases/${release.uuid}/artwork/presign`, { method: 'POST', body: { content_type: 'image/gif' } });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['content_type']);
  });

  it("answers 404 'Release not found.' for another tenant's release", async () => {
    const release = await createRelease();
    const response = await apiB(`/v1/releases/${release.uuid}/artwork/presign`, { method: 'POST', body: {} });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, error: Messages.releaseNotFound });
  });
});

describe('cover_art_url', () => {
  it('on create: fetches the image, converts it to JPEG and re-hosts it on the CDN (no minimum size for URLs)', async () => {
    const release = await createRelease({ cover_art_url: `${imageBase}/cover.jpg` });
    expect(release.cover_art_url).toBe(release.artwork_url);
    const file = await storedJpegOf(release.artwork_url ?? '');
    expect(await sharp(file).metadata()).toMatchObject({ width: 1000, height: 1000 });
  });

  it('refuses an address that answers 404 with 422 on cover_art_url and creates nothing', async () => {
    const keysBefore = await storedKeys();
    const response = await apiA('/v1/releases', {
      method: 'POST',
      body: { title: 'No Cover', type: 'single', release_date: '2027-03-01', genre: 'Pop', cover_art_url: `${imageBase}/missing.jpg` },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ cover_art_url: [Messages.coverArtHttpStatus(404)] });
    expect(await storedKeys()).toEqual(keysBefore);
  });
});
