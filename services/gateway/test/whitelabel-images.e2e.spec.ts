import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { Messages } from '@sv/contracts';
import { apiClient, freePort, startPlatform, type ApiResponse, type TestPlatform } from '@sv/testing';
import sharp from 'sharp';

type Api = ReturnType<typeof apiClient>;

/*
 * White-label logos and favicons are served to every visitor of a partner's site, so the gateway
 * never serves the uploaded bytes: it decodes the image under the same 8000x8000 limit as covers
 * and stores a fresh encoding of its pixels in place of the upload.
 */

const HTML_TAIL = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');

const pngChunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, checksum]);
};

/** A well-formed PNG header claiming `width`x`height` RGB pixels, with a few bytes of pixel data. */
const pngClaiming = (width: number, height: number): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(65_536)).subarray(0, 64)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};

/** A 40x30 PNG, transparent but for an opaque red left half. */
const halfRedPng = (): Promise<Buffer> =>
  sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: { create: { width: 20, height: 30, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } } }, left: 0, top: 0 }])
    .png()
    .toBuffer();

/** A JPEG of noise whose scan data is replaced by text: a valid header, pixel data the decoder only warns about. */
const garbageScanJpeg = async (): Promise<Buffer> => {
  const noise = { type: 'gaussian', mean: 128, sigma: 40 } as const;
  const whole = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#000', noise } }).jpeg().toBuffer();
  for (let offset = 2; offset + 4 < whole.length && whole[offset] === 0xff; ) {
    const segmentEnd = offset + 2 + whole.readUInt16BE(offset + 2);
    if (whole[offset + 1] === 0xda) {
      const scanLength = whole.length - segmentEnd - 2;
      return Buffer.concat([whole.subarray(0, segmentEnd), Buffer.from('garbage '.repeat(Math.ceil(scanLength / 8))), Buffer.from([0xff, 0xd9])]);
    }
    offset = segmentEnd;
  }
  throw new Error('no start-of-scan marker found');
};

const form = (field: string, bytes: Buffer, type: string, filename: string): FormData => {
  const data = new FormData();
  data.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return data;
};

describe('white-label logo and favicon: re-encoded, never stored raw', () => {
  let platform: TestPlatform;
  let owner: Api;
  let tenantId: string;
  let blobDir: string;
  let cdnUrl: string;

  beforeAll(async () => {
    const cdnPort = await freePort();
    cdnUrl = `http://127.0.0.1:${cdnPort}`;
    platform = await startPlatform({ catalogue: false, env: { SV_CDN_URL: cdnUrl, SV_CDN_PORT: String(cdnPort), SV_RATE_LIMIT_MULTIPLIER: '20' } });
    blobDir = platform.env.SV_BLOB_DIR ?? '';
    expect(blobDir).not.toBe('');
    tenantId = (await platform.adminOk('tenant', 'create', '--slug', 'brand', '--name', 'Brand Partner')).tenant.uuid;
    owner = apiClient(platform.baseUrl, (await platform.adminOk('key', 'create', '--tenant', 'brand', '--role', 'owner')).key);
  }, 120_000);

  // Stopping the platform can take a while on a loaded machine.
  afterAll(async () => {
    await platform?.stop();
  }, 120_000);

  const upload = (asset: 'logo' | 'favicon', bytes: Buffer, type: string, filename: string): Promise<ApiResponse> =>
    owner(`/tenants/whitelabel/${asset}`, { method: 'POST', raw: form(asset, bytes, type, filename) });

  /** Every stored file, as keys (temporary uploads aside). */
  const storedKeys = async (): Promise<string[]> =>
    (await readdir(blobDir, { recursive: true, withFileTypes: true }).catch(() => []))
      .filter((entry) => entry.isFile())
      .map((entry) => relative(blobDir, join(entry.parentPath, entry.name)))
      .filter((key) => !key.startsWith('.incoming'))
      .sort();

  /** Runs `action`, which must be refused, and checks that nothing was stored and nothing changed. */
  const expectRefusedUnchanged = async (action: () => Promise<void>) => {
    const [keysBefore, before] = await Promise.all([storedKeys(), owner('/tenants/whitelabel')]);
    await action();
    const [keysAfter, after] = await Promise.all([storedKeys(), owner('/tenants/whitelabel')]);
    expect(keysAfter).toEqual(keysBefore);
    expect(after.body.data).toEqual(before.body.data);
  };

  /** The bytes the CDN serves at `url`. */
  const served = async (url: string): Promise<Buffer> => {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };

  it('refuses a PNG whose header declares 100000x100000 pixels with 422, by its header alone', async () => {
    await expectRefusedUnchanged(async () => {
      const response = await upload('logo', pngClaiming(100_000, 100_000), 'image/png', 'logo.png');
      expect([response.status, response.body]).toEqual([
        422,
        { success: false, error: Messages.validationFailed, errors: { logo: [Messages.imageTooLarge(100_000, 100_000)] } },
      ]);
    });
  });

  it('stores a PNG with an HTML tail re-encoded: the served file has its pixels and transparency, not its tail', async () => {
    const png = await halfRedPng();
    const keysBefore = await storedKeys();
    const response = await upload('logo', Buffer.concat([png, HTML_TAIL]), 'image/png', 'logo.png');
    expect(response.status).toBe(200);
    const url = response.body.data.logo_url as string;
    expect(url).toMatch(new RegExp(`^${cdnUrl}/${tenantId}/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.png$`));

    const bytes = await served(url);
    expect(bytes.includes(HTML_TAIL)).toBe(false);
    expect(bytes.includes(Buffer.from('<script'))).toBe(false);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 40, height: 30, hasAlpha: true });
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 4)]).toEqual([255, 0, 0, 255]); // top left: opaque red
    expect(data[39 * 4 + 3]).toBe(0); // top right: transparent
    // The raw upload is gone: the re-encoded file is the only new one.
    expect(await storedKeys()).toEqual([...keysBefore, url.slice(cdnUrl.length + 1)].sort());
    expect((await owner('/tenants/whitelabel')).body.data.logo_url).toBe(url);
  });

  it('stores a TIFF favicon as a PNG, which browsers show', async () => {
    const tiff = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#0a6' } }).tiff().toBuffer();
    const response = await upload('favicon', tiff, 'image/tiff', 'icon.tiff');
    expect(response.status).toBe(200);
    const url = response.body.data.favicon_url as string;
    expect(url).toMatch(/\.png$/);
    expect(await sharp(await served(url)).metadata()).toMatchObject({ format: 'png', width: 32, height: 32 });
  });

  it('refuses a JPEG whose scan data is garbage with 422, and keeps neither it nor a conversion', async () => {
    await expectRefusedUnchanged(async () => {
      const response = await upload('favicon', await garbageScanJpeg(), 'image/jpeg', 'icon.jpg');
      expect([response.status, response.body]).toEqual([
        422,
        { success: false, error: Messages.validationFailed, errors: { favicon: [Messages.imageUnreadable] } },
      ]);
    });
  });
});
