import { randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { join, relative } from 'node:path';
import { Messages } from '@sv/contracts';
import { apiClient, type ApiResponse, startPlatform, type TestPlatform } from '@sv/testing';
import sharp from 'sharp';
import { imageOf, padded } from './upload-sniffing.fixtures.ts';

type Api = ReturnType<typeof apiClient>;

const CDN_URL = 'http://127.0.0.1:8083';
const MEGABYTE = 1024 * 1024;
/** A real 64x64 PNG (the gateway recognises uploads by their bytes), set before the tests. */
let smallPng: Buffer;

/** A PNG of `size` bytes: a real one, then padding (decoders stop at its end). */
const pngBytes = (size: number): Buffer => padded(smallPng, size);

const form = (field: string, bytes: Buffer, type: string, filename = 'image.png'): FormData => {
  const data = new FormData();
  data.append('caption', 'a text field rides along');
  data.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return data;
};

/**
 * POSTs `total` bytes with chunked transfer encoding (no Content-Length), so the gateway can only
 * find out the size while reading. Resolves with the response, or with the transport error.
 */
const chunkedPost = (url: string, key: string, contentType: string, total: number, framing: { head?: Buffer; tail?: Buffer } = {}) =>
  new Promise<{ status: number; body: unknown } | { error: string }>((resolve) => {
    const req = request(
      url,
      { method: 'POST', headers: { authorization: `Bearer ${key}`, accept: 'application/json', 'content-type': contentType, 'transfer-encoding': 'chunked' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = text ? (JSON.parse(text) as unknown) : undefined;
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
        res.on('error', (error) => resolve({ error: String(error) }));
      },
    );
    req.on('error', (error) => resolve({ error: String(error) }));
    const chunk = Buffer.alloc(256 * 1024, '<');
    let sent = 0;
    if (framing.head) req.write(framing.head);
    const write = () => {
      while (sent < total) {
        const part = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += part.length;
        if (!req.write(part)) {
          req.once('drain', write);
          return;
        }
      }
      req.end(framing.tail);
    };
    write();
  });

/** Every file under `root`, as paths relative to it. */
const listFiles = async (root: string): Promise<string[]> => {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
};

describe('uploads', () => {
  let platform: TestPlatform;
  let blobDir: string;
  let acmeKeyText: string;
  let acme: Api;
  let globex: Api;
  let tenantId: string;
  let artistUuid: string;

  beforeAll(async () => {
    smallPng = await imageOf('png');
    platform = await startPlatform();
    blobDir = platform.env.SV_BLOB_DIR ?? '';
    expect(blobDir).not.toBe('');
    const [acmeTenant, globexTenant] = await Promise.all([
      platform.admin('tenant', 'create', '--slug', 'acme', '--name', 'Acme'),
      platform.admin('tenant', 'create', '--slug', 'globex', '--name', 'Globex'),
    ]);
    expect(acmeTenant?.code).toBe(0);
    expect(globexTenant?.code).toBe(0);
    tenantId = acmeTenant?.json.tenant.uuid;
    const [acmeKey, globexKey] = await Promise.all([
      platform.admin('key', 'create', '--tenant', 'acme', '--role', 'owner'),
      platform.admin('key', 'create', '--tenant', 'globex', '--role', 'owner'),
    ]);
    expect(acmeKey?.code).toBe(0);
    expect(globexKey?.code).toBe(0);
    acmeKeyText = acmeKey?.json.key;
    acme = apiClient(platform.baseUrl, acmeKeyText);
    globex = apiClient(platform.baseUrl, globexKey?.json.key);
    const artist = await acme('/artists', { method: 'POST', body: { name: 'Pictured', slug: 'pictured' } });
    expect(artist.status).toBe(201);
    artistUuid = artist.body.artist.uuid;
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
  });

  const upload = (api: Api, path: string, body: FormData): Promise<ApiResponse> => api(path, { method: 'POST', raw: body });

  /** The stored file behind a CDN URL, which must be on the CDN address. */
  const storedFileOf = async (url: string): Promise<Buffer> => {
    expect(url.startsWith(`${CDN_URL}/`)).toBe(true);
    const key = url.slice(CDN_URL.length + 1);
    expect(key).not.toMatch(/(^|\/)\.\.(\/|$)/);
    return readFile(join(blobDir, key));
  };

  /** Runs `action` and checks that it left no file at all in the blob store. */
  const expectNothingStored = async (action: () => Promise<void>) => {
    const before = await listFiles(blobDir).catch(() => []);
    await action();
    const after = await listFiles(blobDir).catch(() => []);
    expect(after).toEqual(before);
    expect(after.filter((file) => file.startsWith('.incoming'))).toEqual([]);
  };

  /** The stored file is an image of the uploaded one's size (the catalogue may have converted it). */
  const expectStoredImage = async (url: string) => {
    const metadata = await sharp(await storedFileOf(url)).metadata();
    expect([metadata.width, metadata.height]).toEqual([64, 64]);
  };

  it.each([
    ['avatar', 'png', 'image/png', 'avatar_url'],
    ['banner', 'png', 'image/png', 'banner_url'],
    ['avatar', 'jpeg', 'image/jpeg', 'avatar_url'],
    ['banner', 'webp', 'image/webp', 'banner_url'],
    ['avatar', 'tiff', 'application/octet-stream', 'avatar_url'],
  ] as const)('stores the %s sent as %s (declared %s), and the artist points at it on the CDN', async (slot, format, declared, urlField) => {
    const bytes = await imageOf(format);
    const response = await upload(acme, `/artists/${artistUuid}/${slot}`, form(slot, bytes, declared));
    expect(response.status).toBe(200);
    const url = response.body.artist[urlField] as string;
    expect(url).toMatch(new RegExp(`^${CDN_URL}/${tenantId}/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.[a-z]+$`));
    await expectStoredImage(url);

    const read = await acme(`/v1/artists/${artistUuid}`);
    expect(read.status).toBe(200);
    expect(read.body.artist[urlField]).toBe(url);
  });

  it('accepts an image of exactly 20 MB', async () => {
    const bytes = pngBytes(20 * MEGABYTE);
    const response = await upload(acme, `/artists/${artistUuid}/avatar`, form('avatar', bytes, 'image/png'));
    expect(response.status).toBe(200);
    await expectStoredImage(response.body.artist.avatar_url);
  });

  it.each([
    ['one byte over 20 MB', 20 * MEGABYTE + 1],
    ['21 MB', 21 * MEGABYTE],
  ])('refuses an image of %s with 413 and keeps no file', async (_label, size) => {
    const before = await acme(`/artists/${artistUuid}`);
    await expectNothingStored(async () => {
      const response = await upload(acme, `/artists/${artistUuid}/avatar`, form('avatar', pngBytes(size), 'image/png'));
      expect(response.status).toBe(413);
      expect(response.body).toEqual({ success: false, error: Messages.fileTooLarge(20) });
      expect(response.body.error).toBe('File exceeds the maximum allowed size of 20 MB.');
    });
    const after = await acme(`/artists/${artistUuid}`);
    expect(after.body.artist.avatar_url).toBe(before.body.artist.avatar_url);
  });

  it('refuses a file that is not an image, by its bytes, and keeps no file: 422 for no format at all, 415 for another type', async () => {
    await expectNothingStored(async () => {
      const response = await upload(acme, `/artists/${artistUuid}/avatar`, form('avatar', Buffer.from('hello, world\n'), 'text/plain', 'note.txt'));
      // Text shows no type in its bytes: an image that cannot be read.
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ success: false, error: 'Validation failed', errors: { avatar: [Messages.imageUnreadable] } });
    });
    await expectNothingStored(async () => {
      const response = await upload(acme, `/artists/${artistUuid}/banner`, form('banner', await imageOf('gif'), 'image/png', 'a.png'));
      expect(response.status).toBe(415);
      expect(response.body.error).toBe(Messages.fileTypeNotAllowed('image/gif', 'image'));
    });
  });

  it('refuses a multipart body without the avatar field with 422', async () => {
    await expectNothingStored(async () => {
      const response = await upload(acme, `/artists/${artistUuid}/avatar`, form('picture', pngBytes(100), 'image/png'));
      expect(response.status).toBe(422);
      expect(response.body).toEqual(expect.objectContaining({ success: false, errors: { avatar: [expect.any(String)] } }));
    });
    const noFiles = new FormData();
    noFiles.append('avatar', 'not a file');
    const textOnly = await upload(acme, `/artists/${artistUuid}/avatar`, noFiles);
    expect(textOnly.status).toBe(422);
    expect(textOnly.body.errors).toEqual({ avatar: [expect.any(String)] });
  });

  it('refuses a JSON body instead of multipart with 422', async () => {
    const response = await acme(`/artists/${artistUuid}/avatar`, { method: 'POST', body: { avatar: 'https://example.com/a.png' } });
    expect(response.status).toBe(422);
    expect(response.body).toEqual(expect.objectContaining({ success: false, errors: { avatar: [expect.any(String)] } }));
    const after = await acme(`/artists/${artistUuid}`);
    expect(after.body.artist.avatar_url).not.toBe('https://example.com/a.png');
  });

  it("answers 404 'Artist not found.' for another tenant's artist and leaves it unchanged", async () => {
    const before = await acme(`/artists/${artistUuid}`);
    const response = await upload(globex, `/artists/${artistUuid}/avatar`, form('avatar', pngBytes(1000), 'image/png'));
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, error: Messages.artistNotFound });
    const after = await acme(`/artists/${artistUuid}`);
    expect(after.body.artist.avatar_url).toBe(before.body.artist.avatar_url);
    expect(after.body.artist.updated_at).toBe(before.body.artist.updated_at);

    const unknown = await upload(acme, `/artists/${randomUUID()}/banner`, form('banner', pngBytes(1000), 'image/png'));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, error: Messages.artistNotFound });
  });

  it('keeps no file when the owning service refuses the upload', async () => {
    await expectNothingStored(async () => {
      const response = await upload(globex, `/artists/${artistUuid}/avatar`, form('avatar', pngBytes(1000), 'image/png'));
      expect(response.status).toBe(404);
    });
  });

  describe('uploads sent without a Content-Length (the size is found while reading)', () => {
    it('refuses a raw XML body over 10 MB with 413 and keeps no file', async () => {
      await expectNothingStored(async () => {
        const response = await chunkedPost(`${platform.baseUrl}/v1/ingestion/ddex`, acmeKeyText, 'application/xml', 11 * MEGABYTE);
        expect(response).toEqual({ status: 413, body: { success: false, error: Messages.fileTooLarge(10) } });
      });
    });

    it('refuses an image over 20 MB with 413 and keeps no file', async () => {
      const boundary = `----form${randomUUID().replaceAll('-', '')}`;
      // The file starts as a real PNG, so only its size is wrong.
      const head = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`),
        smallPng,
      ]);
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      await expectNothingStored(async () => {
        const response = await chunkedPost(`${platform.baseUrl}/artists/${artistUuid}/avatar`, acmeKeyText, `multipart/form-data; boundary=${boundary}`, 21 * MEGABYTE, {
          head,
          tail,
        });
        expect(response).toEqual({ status: 413, body: { success: false, error: Messages.fileTooLarge(20) } });
      });
    });
  });

  describe('audio', () => {
    const noAudio = { success: false, error: Messages.noAudioFile, errors: { audio: [Messages.noAudioFile] } };

    it.each(['audio', 'upload'])("refuses POST /tracks/{uuid}/%s without the audio field with 422 'No audio file provided.'", async (route) => {
      await expectNothingStored(async () => {
        const response = await upload(acme, `/tracks/${randomUUID()}/${route}`, form('file', pngBytes(100), 'audio/wav', 'a.wav'));
        expect(response.status).toBe(422);
        expect(response.body).toEqual(noAudio);
        expect(response.body.error).toBe('No audio file provided.');
      });
    });

    it("refuses a JSON body or an empty request with 422 'No audio file provided.'", async () => {
      const json = await acme(`/v1/tracks/${randomUUID()}/audio`, { method: 'POST', body: { audio_url: 'https://example.com/a.wav' } });
      expect(json.status).toBe(422);
      expect(json.body).toEqual(noAudio);
      const empty = await acme(`/tracks/${randomUUID()}/audio`, { method: 'POST' });
      expect(empty.status).toBe(422);
      expect(empty.body).toEqual(noAudio);
    });

    it("treats a file input left empty (a browser's empty part) as no file: 422 'No audio file provided.'", async () => {
      const boundary = `----form${randomUUID().replaceAll('-', '')}`;
      const raw = [
        `--${boundary}`,
        'Content-Disposition: form-data; name="audio"; filename=""',
        'Content-Type: application/octet-stream',
        '',
        '',
        `--${boundary}--`,
        '',
      ].join('\r\n');
      const response = await acme(`/tracks/${randomUUID()}/audio`, {
        method: 'POST',
        raw,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(response.status).toBe(422);
      expect(response.body).toEqual(noAudio);
    });

    it('refuses a file that is not audio with 415', async () => {
      await expectNothingStored(async () => {
        const response = await upload(acme, `/tracks/${randomUUID()}/audio`, form('audio', pngBytes(100), 'image/png'));
        expect(response.status).toBe(415);
        expect(response.body).toEqual({ success: false, error: Messages.fileTypeNotAllowed('image/png', 'audio') });
      });
    });
  });
});
