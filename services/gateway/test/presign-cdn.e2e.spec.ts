import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { join, relative } from 'node:path';
import { Messages } from '@sv/contracts';
import { LocalDiskBlobStore, type PresignedUpload } from '@sv/platform';
import { freePort, startPlatform, type TestPlatform } from '@sv/testing';
import { imageOf, padded, text } from './upload-sniffing.fixtures.ts';

const SIGNING_SECRET = 'presign-e2e-signing-secret-0123456789';

const listFiles = async (root: string): Promise<string[]> => {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
};

/** PUTs `body` to a presigned upload URL as a browser would, with the headers it was issued with. */
const putTo = async (upload: Pick<PresignedUpload, 'uploadUrl' | 'headers'>, body: Buffer, headers: Record<string, string> = {}) => {
  const response = await fetch(upload.uploadUrl, { method: 'PUT', headers: { ...upload.headers, ...headers }, body: new Uint8Array(body) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as any) : undefined };
};

/** A PUT without a Content-Length: the CDN finds the size only while reading. */
const chunkedPut = (url: string, contentType: string, body: Buffer) =>
  new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers: { 'content-type': contentType, 'transfer-encoding': 'chunked' } }, (res) => {
      let raw = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (raw += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(raw) as unknown }));
    });
    req.on('error', reject);
    for (let offset = 0; offset < body.length; offset += 64 * 1024) req.write(body.subarray(offset, offset + 64 * 1024));
    req.end();
  });

/**
 * Presigned uploads with the local blob store: the catalogue signs an upload URL on the CDN
 * address (here the test signs with the same store and secret), the client PUTs the file there,
 * and the gateway's local CDN checks it and stores it at exactly the signed key.
 */
describe('presigned uploads to the local CDN', () => {
  let platform: TestPlatform;
  let cdnUrl: string;
  let blobDir: string;
  let signer: LocalDiskBlobStore;
  let jpeg: Buffer;

  beforeAll(async () => {
    jpeg = await imageOf('jpeg');
    const port = await freePort();
    cdnUrl = `http://127.0.0.1:${port}`;
    platform = await startPlatform({
      catalogue: false,
      env: { SV_CDN_PORT: String(port), SV_CDN_URL: cdnUrl, SV_BLOB_SIGNING_SECRET: SIGNING_SECRET },
    });
    blobDir = platform.env.SV_BLOB_DIR ?? '';
    expect(blobDir).not.toBe('');
    signer = new LocalDiskBlobStore(blobDir, cdnUrl, SIGNING_SECRET);
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
  });

  const presign = (options: { maxBytes?: number; expiresInSeconds?: number; contentType?: string; tenantId?: string } = {}) =>
    signer.presignPut({
      tenantId: options.tenantId ?? randomUUID(),
      extension: '.jpg',
      contentType: options.contentType ?? 'image/jpeg',
      maxBytes: options.maxBytes ?? 20 * 1024 * 1024,
      expiresInSeconds: options.expiresInSeconds ?? 600,
    });

  /** Runs `action` and checks that it left no file in the blob store, not even a temp file. */
  const expectNothingStored = async (action: () => Promise<void>) => {
    const before = await listFiles(blobDir);
    await action();
    const after = await listFiles(blobDir);
    expect(after).toEqual(before);
    expect(after.filter((file) => file.startsWith('.incoming'))).toEqual([]);
  };

  it('stores a JPEG PUT to the signed URL at exactly the signed key, served back from the CDN at the promised URL', async () => {
    const upload = await presign();
    expect(upload.uploadUrl.startsWith(`${cdnUrl}/_uploads/${upload.key}?`)).toBe(true);
    expect(upload.url).toBe(`${cdnUrl}/${upload.key}`);

    const response = await putTo(upload, jpeg);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, key: upload.key, url: upload.url });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');

    const served = await fetch(upload.url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(jpeg)).toBe(true);
    expect(await listFiles(blobDir)).toContain(upload.key);
  });

  it('takes any image type of the signed family (a PNG on a URL signed for image/jpeg)', async () => {
    const upload = await presign();
    const png = await imageOf('png');
    const response = await putTo(upload, png);
    expect(response.status).toBe(200);
    const served = await fetch(upload.url);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });

  it('answers a second PUT to the same URL with 409 and keeps the first file', async () => {
    const upload = await presign();
    expect((await putTo(upload, jpeg)).status).toBe(200);
    await expectNothingStored(async () => {
      const again = await putTo(upload, await imageOf('png'));
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ success: false, error: Messages.uploadAlreadyDone });
    });
    const served = await fetch(upload.url);
    expect(Buffer.from(await served.arrayBuffer()).equals(jpeg)).toBe(true);
  });

  it('refuses a tampered signature, size, type or key with 403 and stores nothing', async () => {
    const upload = await presign({ maxBytes: 1000 });
    const url = new URL(upload.uploadUrl);
    const signature = url.searchParams.get('signature') ?? '';
    const tampered = [
      (u: URL) => u.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`),
      (u: URL) => u.searchParams.set('max', String(50 * 1024 * 1024)),
      (u: URL) => u.searchParams.set('type', 'image/png'),
      (u: URL) => (u.pathname = u.pathname.replace(/[0-9a-f-]{36}\.jpg$/, `${randomUUID()}.jpg`)),
      (u: URL) => u.searchParams.delete('signature'),
    ];
    await expectNothingStored(async () => {
      for (const tamper of tampered) {
        const forged = new URL(url);
        tamper(forged);
        const response = await putTo({ uploadUrl: forged.toString(), headers: { 'Content-Type': forged.searchParams.get('type') ?? 'image/jpeg' } }, jpeg);
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ success: false, error: Messages.uploadUrlInvalid });
      }
    });
    expect((await fetch(upload.url)).status).toBe(404);
  });

  it('refuses an expired URL with 403', async () => {
    const upload = await presign({ expiresInSeconds: -1 });
    await expectNothingStored(async () => {
      const response = await putTo(upload, jpeg);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ success: false, error: Messages.uploadUrlExpired });
    });
  });

  it('refuses a PUT sent with another Content-Type than the signed one with 403', async () => {
    const upload = await presign();
    await expectNothingStored(async () => {
      const response = await putTo(upload, jpeg, { 'Content-Type': 'image/png' });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ success: false, error: Messages.uploadContentTypeMismatch('image/jpeg') });
    });
  });

  it('refuses a file over the signed size with 413, with or without a Content-Length, and keeps nothing', async () => {
    const upload = await presign({ maxBytes: 100 * 1024 });
    const tooBig = padded(jpeg, 100 * 1024 + 1);
    await expectNothingStored(async () => {
      const declared = await putTo(upload, tooBig);
      expect(declared.status).toBe(413);
      expect(declared.body).toEqual({ success: false, error: Messages.fileTooLarge(0.1) });
      const streamed = await chunkedPut(upload.uploadUrl, 'image/jpeg', padded(jpeg, 3 * 1024 * 1024));
      expect(streamed).toEqual({ status: 413, body: { success: false, error: Messages.fileTooLarge(0.1) } });
    });
    // Exactly the signed size is fine.
    expect((await putTo(upload, padded(jpeg, 100 * 1024))).status).toBe(200);
  });

  it('refuses bytes that are not an image with 415, whatever the Content-Type says', async () => {
    const upload = await presign();
    await expectNothingStored(async () => {
      const response = await putTo(upload, text());
      expect(response.status).toBe(415);
      expect(response.body).toEqual({ success: false, error: Messages.fileTypeNotAllowed('application/octet-stream', 'image') });
      const gif = await putTo(upload, await imageOf('gif'));
      expect(gif.status).toBe(415);
      expect(gif.body.error).toBe(Messages.fileTypeNotAllowed('image/gif', 'image'));
    });
    // Refused bytes do not use the URL up.
    expect((await putTo(upload, jpeg)).status).toBe(200);
  });

  it('answers a browser preflight for any origin', async () => {
    const upload = await presign();
    const preflight = await fetch(upload.uploadUrl, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example.test', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
  });

  it('never serves the temp directory, and takes no GET on the upload path', async () => {
    expect((await fetch(`${cdnUrl}/.incoming/anything.part`)).status).not.toBe(200);
    const upload = await presign();
    const get = await fetch(upload.uploadUrl);
    expect(get.status).toBe(404);
  });
});
