import { randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { join, relative } from 'node:path';
import type { NatsConnection } from '@nats-io/transport-node';
import { Messages, ServiceRequest, apiSubject, type UploadedFile } from '@sv/contracts';
import { connectTestNats, apiClient, startPlatform, type ApiResponse, type TestPlatform } from '@sv/testing';
import { aacAdts, aiff, flac, imageOf, m4a, mov, mp3, mp4, padded, text, wav, webm } from './upload-sniffing.fixtures.ts';

type Api = ReturnType<typeof apiClient>;

const MEGABYTE = 1024 * 1024;

const form = (field: string, bytes: Buffer, declaredType: string, filename: string): FormData => {
  const data = new FormData();
  data.append(field, new Blob([new Uint8Array(bytes)], { type: declaredType }), filename);
  return data;
};

/** Every file under `root`, as paths relative to it. */
const listFiles = async (root: string): Promise<string[]> => {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
};

/**
 * The gateway decides an upload's type from its bytes. The owning services are stood in for by a
 * responder on their api subjects that answers 200 with the request it received, so each test
 * sees exactly what the gateway forwarded (and that a refused upload never reached a service).
 */
describe('uploads recognised by their bytes', () => {
  let platform: TestPlatform;
  let nc: NatsConnection;
  let blobDir: string;
  let api: Api;
  /** Audio uploads are rate limited per key (10 a minute): they get keys of their own. */
  let audioApis: Api[];
  const received: ServiceRequest[] = [];

  beforeAll(async () => {
    platform = await startPlatform({ catalogue: false });
    blobDir = platform.env.SV_BLOB_DIR ?? '';
    expect(blobDir).not.toBe('');
    nc = await connectTestNats();
    for (const service of ['catalogue', 'ingestion'] as const) {
      nc.subscribe(apiSubject(platform.subjectPrefix, service), {
        callback: (_error, msg) => {
          const forwarded = ServiceRequest.parse(msg.json());
          received.push(forwarded);
          msg.respond(JSON.stringify({ status: 200, body: { success: true, files: forwarded.files } }));
        },
      });
    }
    await nc.flush();
    const tenant = await platform.admin('tenant', 'create', '--slug', 'sniffed', '--name', 'Sniffed');
    expect(tenant.code).toBe(0);
    const keys = await Promise.all([1, 2, 3].map(() => platform.admin('key', 'create', '--tenant', 'sniffed', '--role', 'owner')));
    for (const key of keys) expect(key.code).toBe(0);
    [api, ...audioApis] = keys.map((key) => apiClient(platform.baseUrl, key.json.key)) as [Api, ...Api[]];
  }, 180_000);

  afterAll(async () => {
    await nc?.drain();
    await platform?.stop();
  });

  const upload = (path: string, body: FormData, client: Api = api): Promise<ApiResponse> => client(path, { method: 'POST', raw: body });

  /** Uploads, expects the service to have been called, and returns the file it was handed. */
  const forwardedFile = async (response: ApiResponse): Promise<UploadedFile> => {
    expect(response.status).toBe(200);
    const [file] = response.body.files as UploadedFile[];
    expect(file).toBeDefined();
    expect(received.at(-1)?.files).toEqual([file]);
    return file!;
  };

  /** Runs `action` and checks that it left no file in the blob store and reached no service. */
  const expectRefusedAtTheGateway = async (action: () => Promise<void>) => {
    const before = await listFiles(blobDir);
    const calls = received.length;
    await action();
    expect(await listFiles(blobDir)).toEqual(before);
    expect(received.length).toBe(calls);
  };

  const avatar = () => `/artists/${randomUUID()}/avatar`;
  const trackAudio = () => `/tracks/${randomUUID()}/audio`;
  const animated = () => `/releases/${randomUUID()}/animated-artwork/apple_square`;
  const video = () => `/videos/${randomUUID()}/upload`;

  describe('images', () => {
    it('refuses a text file named x.jpg and declared image/jpeg with 422: bytes in no format are an unreadable image', async () => {
      await expectRefusedAtTheGateway(async () => {
        const response = await upload(avatar(), form('avatar', text(), 'image/jpeg', 'x.jpg'));
        expect(response.status).toBe(422);
        expect(response.body).toEqual({ success: false, error: Messages.validationFailed, errors: { avatar: [Messages.imageUnreadable] } });
      });
    });

    it('accepts a real PNG declared as image/jpeg and named .jpg, and forwards it as image/png stored as .png', async () => {
      const png = await imageOf('png');
      const file = await forwardedFile(await upload(avatar(), form('avatar', png, 'image/jpeg', 'photo.jpg')));
      expect(file).toEqual(expect.objectContaining({ field: 'avatar', filename: 'photo.jpg', mime_type: 'image/png', size: png.length }));
      expect(file.key).toMatch(/^[0-9a-f-]{36}\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
      expect(file.url.endsWith(file.key)).toBe(true);
      expect((await readFile(join(blobDir, file.key))).equals(png)).toBe(true);
    });

    it.each([
      ['jpeg', 'image/jpeg', '.jpg'],
      ['webp', 'image/webp', '.webp'],
      ['tiff', 'image/tiff', '.tiff'],
    ] as const)('accepts a %s declared application/octet-stream as %s', async (format, mime, extension) => {
      const bytes = await imageOf(format);
      const file = await forwardedFile(await upload(avatar(), form('avatar', bytes, 'application/octet-stream', 'upload.bin')));
      expect(file.mime_type).toBe(mime);
      expect(file.key.endsWith(extension)).toBe(true);
      expect((await readFile(join(blobDir, file.key))).equals(bytes)).toBe(true);
    });

    it('recognises a TIFF whose directory comes after the first sampled bytes (as encoders write it)', async () => {
      const { default: sharp } = await import('sharp');
      const tiff = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#808' } }).tiff({ compression: 'none' }).toBuffer();
      expect(tiff.readUInt32LE(4)).toBeGreaterThan(128 * 1024); // the directory is far past the start
      const file = await forwardedFile(await upload(avatar(), form('avatar', tiff, 'image/png', 'scan.png')));
      expect(file.mime_type).toBe('image/tiff');
      expect((await readFile(join(blobDir, file.key))).equals(tiff)).toBe(true);
    });

    it('refuses a GIF declared image/png with 415 naming image/gif', async () => {
      await expectRefusedAtTheGateway(async () => {
        const response = await upload(avatar(), form('avatar', await imageOf('gif'), 'image/png', 'a.png'));
        expect(response.status).toBe(415);
        expect(response.body.error).toBe(Messages.fileTypeNotAllowed('image/gif', 'image'));
      });
    });

    it('refuses an empty file that has a name with 422, and an over-ceiling image with 413 while reading', async () => {
      await expectRefusedAtTheGateway(async () => {
        const empty = await upload(avatar(), form('avatar', Buffer.alloc(0), 'image/png', 'empty.png'));
        expect(empty.status).toBe(422);
        expect(empty.body.errors).toEqual({ avatar: [Messages.imageUnreadable] });
        const big = await upload(avatar(), form('avatar', padded(await imageOf('png'), 20 * MEGABYTE + 1), 'image/png', 'big.png'));
        expect(big.status).toBe(413);
        expect(big.body).toEqual({ success: false, error: Messages.fileTooLarge(20) });
      });
    });
  });

  describe('audio', () => {
    it('accepts a WAV declared application/octet-stream as audio/wav', async () => {
      const bytes = wav();
      const file = await forwardedFile(await upload(trackAudio(), form('audio', bytes, 'application/octet-stream', 'take.bin'), audioApis[0]));
      expect(file).toEqual(expect.objectContaining({ mime_type: 'audio/wav', size: bytes.length }));
      expect(file.key.endsWith('.wav')).toBe(true);
    });

    it('forwards an MP3 named .flac and declared audio/flac as audio/mpeg, stored as .mp3', async () => {
      const file = await forwardedFile(await upload(trackAudio(), form('audio', mp3(), 'audio/flac', 'song.flac'), audioApis[0]));
      expect(file.mime_type).toBe('audio/mpeg');
      expect(file.filename).toBe('song.flac');
      expect(file.key.endsWith('.mp3')).toBe(true);
    });

    it.each([
      ['FLAC', 'audio/flac', '.flac', flac()],
      ['AIFF', 'audio/aiff', '.aiff', aiff()],
      ['MP3 behind an ID3 tag', 'audio/mpeg', '.mp3', mp3({ id3: true })],
      ['AAC (ADTS)', 'audio/aac', '.aac', aacAdts()],
      ['M4A', 'audio/x-m4a', '.m4a', m4a()],
    ])('accepts %s as %s, whatever was declared', async (_label, mime, extension, bytes) => {
      const file = await forwardedFile(await upload(trackAudio(), form('audio', bytes, 'text/plain', 'a.txt'), audioApis[1]));
      expect(file.mime_type).toBe(mime);
      expect(file.key.endsWith(extension)).toBe(true);
    });

    it('refuses a PNG declared audio/wav with 415 naming image/png', async () => {
      await expectRefusedAtTheGateway(async () => {
        const response = await upload(trackAudio(), form('audio', await imageOf('png'), 'audio/wav', 'a.wav'), audioApis[0]);
        expect(response.status).toBe(415);
        expect(response.body).toEqual({ success: false, error: Messages.fileTypeNotAllowed('image/png', 'audio') });
      });
    });
  });

  describe('animated artwork', () => {
    it.each([
      ['a GIF', 'image/gif', '.gif', () => imageOf('gif')],
      ['an MP4', 'video/mp4', '.mp4', async () => mp4()],
      ['a MOV', 'video/quicktime', '.mov', async () => mov()],
      ['a WebM', 'video/webm', '.webm', async () => webm()],
    ])('accepts %s as %s', async (_label, mime, extension, bytesOf) => {
      const file = await forwardedFile(await upload(animated(), form('file', await bytesOf(), 'application/octet-stream', 'motion')));
      expect(file.mime_type).toBe(mime);
      expect(file.key.endsWith(extension)).toBe(true);
    });

    it('refuses a PNG with 415 for animated artwork uploads', async () => {
      await expectRefusedAtTheGateway(async () => {
        const response = await upload(animated(), form('file', await imageOf('png'), 'video/mp4', 'a.mp4'));
        expect(response.status).toBe(415);
        expect(response.body.error).toBe(Messages.fileTypeNotAllowed('image/png', 'animated artwork'));
      });
    });

    it("refuses 51 MB with 413 'Animated artwork must be <=50 MB.'", async () => {
      await expectRefusedAtTheGateway(async () => {
        const response = await upload(animated(), form('file', padded(mp4(), 51 * MEGABYTE), 'video/mp4', 'big.mp4'));
        expect(response.status).toBe(413);
        expect(response.body).toEqual({ success: false, error: Messages.animatedTooLarge });
        expect(response.body.error).toBe('Animated artwork must be <=50 MB.');
      });
    });

    it("refuses 51 MB sent without a Content-Length (found while reading) with 413 'Animated artwork must be <=50 MB.'", async () => {
      const boundary = `----form${randomUUID().replaceAll('-', '')}`;
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`),
        padded(mp4(), 51 * MEGABYTE),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const key = (await platform.admin('key', 'create', '--tenant', 'sniffed', '--role', 'owner')).json.key as string;
      await expectRefusedAtTheGateway(async () => {
        const response = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
          const req = request(
            `${platform.baseUrl}${animated()}`,
            {
              method: 'POST',
              headers: { authorization: `Bearer ${key}`, accept: 'application/json', 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
            },
            (res) => {
              let raw = '';
              res.setEncoding('utf8');
              res.on('data', (chunk: string) => (raw += chunk));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(raw) as unknown }));
            },
          );
          req.on('error', reject);
          for (let offset = 0; offset < body.length; offset += 256 * 1024) req.write(body.subarray(offset, offset + 256 * 1024));
          req.end();
        });
        expect(response).toEqual({ status: 413, body: { success: false, error: Messages.animatedTooLarge } });
      });
    }, 30_000);
  });

  describe('video', () => {
    it.each([
      ['an MP4', 'video/mp4', '.mp4', mp4()],
      ['a MOV', 'video/quicktime', '.mov', mov()],
    ])('accepts %s as %s', async (_label, mime, extension, bytes) => {
      const file = await forwardedFile(await upload(video(), form('video', bytes, 'application/octet-stream', 'clip')));
      expect(file.mime_type).toBe(mime);
      expect(file.key.endsWith(extension)).toBe(true);
    });

    it('refuses a WebM with 415 naming video/webm', async () => {
      await expectRefusedAtTheGateway(async () => {
        const response = await upload(video(), form('video', webm(), 'video/mp4', 'clip.mp4'));
        expect(response.status).toBe(415);
        expect(response.body.error).toBe(Messages.fileTypeNotAllowed('video/webm', 'video'));
      });
    });
  });

  describe('documents (text has no magic number: the declared type is checked)', () => {
    it('forwards a CSV declared text/csv as text/csv, and refuses one declared image/png with 415', async () => {
      const csv = Buffer.from('title,track_title\nA,B\n');
      const file = await forwardedFile(await upload('/ingestion/csv', form('releases_csv', csv, 'text/csv', 'releases.csv')));
      expect(file.mime_type).toBe('text/csv');
      expect(file.key.endsWith('.csv')).toBe(true);
      await expectRefusedAtTheGateway(async () => {
        const response = await upload('/ingestion/csv', form('releases_csv', csv, 'image/png', 'releases.png'));
        expect(response.status).toBe(415);
        expect(response.body.error).toBe(Messages.fileTypeNotAllowed('image/png', 'document'));
      });
    });
  });
});
