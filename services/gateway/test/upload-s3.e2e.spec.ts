import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, UploadPartCommand, type S3Client } from '@aws-sdk/client-s3';
import { buildApp } from 'fauxqs';
import { Messages } from '@sv/contracts';
import { apiClient, startPlatform, type TestPlatform } from '@sv/testing';
import { createS3Client } from '@sv/platform/s3';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { imageOf, padded } from './upload-sniffing.fixtures.ts';

type Api = ReturnType<typeof apiClient>;

const MEGABYTE = 1024 * 1024;
const BUCKET = 'sv-blobs-e2e';
const ACCESS_KEY_ID = 'test-access-key';
const SECRET_ACCESS_KEY = 'test-secret-key';
/** A real 64x64 PNG (the gateway recognises uploads by their bytes), set before the tests. */
let smallPng: Buffer;

/** A PNG of `size` bytes: a real one, then padding (decoders stop at its end). */
const pngBytes = (size: number): Buffer => padded(smallPng, size);

const avatarForm = (bytes: Buffer): FormData => {
  const data = new FormData();
  data.append('avatar', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'avatar.png');
  return data;
};

/**
 * POSTs a multipart body of `size` file bytes with chunked transfer encoding (no Content-Length),
 * so the gateway finds out the size only while streaming into the bucket.
 */
const chunkedAvatarPost = (url: string, key: string, size: number) =>
  new Promise<{ status: number; body: unknown } | { error: string }>((resolve) => {
    const boundary = `----form${randomUUID().replaceAll('-', '')}`;
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          accept: 'application/json',
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'transfer-encoding': 'chunked',
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : undefined }));
        res.on('error', (error) => resolve({ error: String(error) }));
      },
    );
    req.on('error', (error) => resolve({ error: String(error) }));
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
    // A real PNG first, so only the size is wrong.
    req.write(smallPng);
    const chunk = Buffer.alloc(256 * 1024, 0x42);
    let sent = smallPng.length;
    const write = () => {
      while (sent < size) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += part.length;
        if (!req.write(part)) {
          req.once('drain', write);
          return;
        }
      }
      req.end(`\r\n--${boundary}--\r\n`);
    };
    write();
  });

describe('uploads into an S3-compatible blob store', () => {
  let s3Server: ReturnType<typeof buildApp>;
  let s3: S3Client;
  let cdnUrl: string;
  let platform: TestPlatform;
  let keyText: string;
  let api: Api;
  let tenantId: string;
  let artistUuid: string;
  /** Multipart uploads started in the bucket, read off the server's replies to CreateMultipartUpload. */
  const startedUploads: { key: string; uploadId: string }[] = [];

  beforeAll(async () => {
    smallPng = await imageOf('png');
    s3Server = buildApp({ logger: false });
    s3Server.addHook('onSend', async (req: any, _reply: any, payload: any) => {
      const url = new URL(req.url, 'http://s3.invalid');
      const uploadId = req.method === 'POST' && url.searchParams.has('uploads') ? /<UploadId>([^<]+)<\/UploadId>/.exec(String(payload))?.[1] : undefined;
      if (uploadId) startedUploads.push({ key: decodeURIComponent(url.pathname.slice(`/${BUCKET}/`.length)), uploadId });
      return payload;
    });
    await s3Server.listen({ port: 0, host: '127.0.0.1' });
    const endpoint = `http://127.0.0.1:${(s3Server.server.address() as AddressInfo).port}`;
    s3 = createS3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    });
    await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
    // With S3 the CDN address is the bucket's public address (path style here).
    cdnUrl = `${endpoint}/${BUCKET}`;

    platform = await startPlatform({
      env: {
        SV_BLOB_STORE: 's3',
        SV_S3_ENDPOINT: endpoint,
        SV_S3_BUCKET: BUCKET,
        SV_S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
        SV_S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
        SV_S3_FORCE_PATH_STYLE: '1',
        SV_CDN_URL: cdnUrl,
      },
    });
    const tenant = await platform.admin('tenant', 'create', '--slug', 'bucketed', '--name', 'Bucketed');
    expect(tenant.code).toBe(0);
    tenantId = tenant.json.tenant.uuid;
    const key = await platform.admin('key', 'create', '--tenant', 'bucketed', '--role', 'owner');
    expect(key.code).toBe(0);
    keyText = key.json.key;
    api = apiClient(platform.baseUrl, keyText);
    const artist = await platform.admin('artist', 'create', '--tenant', 'bucketed', '--name', 'Stored Remotely', '--slug', 'stored-remotely');
    expect(artist.code).toBe(0);
    artistUuid = artist.json.artist.uuid;
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
    s3?.destroy();
    await s3Server?.close();
  });

  const storedKeys = async (): Promise<string[]> => {
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${tenantId}/` }));
    return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
  };

  /** Whether a multipart upload is still open (this server's ListMultipartUploads always answers an empty list). */
  const isOpen = async ({ key, uploadId }: { key: string; uploadId: string }): Promise<boolean> => {
    try {
      await s3.send(new UploadPartCommand({ Bucket: BUCKET, Key: key, UploadId: uploadId, PartNumber: 1, Body: Buffer.from('x') }));
      return true;
    } catch (error) {
      if ((error as Error).name === 'NoSuchUpload') return false;
      throw error;
    }
  };

  it('stores an avatar in the bucket, and the artist points at it on the bucket address', async () => {
    const bytes = pngBytes(200 * 1024 + 11);
    const response = await api(`/artists/${artistUuid}/avatar`, { method: 'POST', raw: avatarForm(bytes) });
    expect(response.status).toBe(200);
    const url = response.body.artist.avatar_url as string;
    expect(url).toMatch(new RegExp(`^${cdnUrl}/${tenantId}/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.[a-z]+$`));
    const key = url.slice(cdnUrl.length + 1);
    expect(await storedKeys()).toContain(key);

    // The stored image (the catalogue may have converted it) keeps the type its bytes show.
    const object = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    const stored = Buffer.from(await object.Body!.transformToByteArray());
    expect(object.ContentType).toBe((await fileTypeFromBuffer(stored))?.mime);
    expect(await sharp(stored).metadata()).toEqual(expect.objectContaining({ width: 64, height: 64 }));
    // Served as is from the CDN address.
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true);

    const read = await api(`/v1/artists/${artistUuid}`);
    expect(read.body.artist.avatar_url).toBe(url);
  });

  it("refuses a 21 MB image with 413 'File exceeds the maximum allowed size of 20 MB.' and keeps nothing", async () => {
    const before = await storedKeys();
    const response = await api(`/artists/${artistUuid}/avatar`, { method: 'POST', raw: avatarForm(pngBytes(21 * MEGABYTE)) });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ success: false, error: Messages.fileTooLarge(20) });
    expect(response.body.error).toBe('File exceeds the maximum allowed size of 20 MB.');
    expect(await storedKeys()).toEqual(before);
  });

  it('refuses a 21 MB image sent without a Content-Length (streamed into the bucket until the ceiling) with 413 and keeps nothing', async () => {
    const before = await storedKeys();
    const artist = await api(`/artists/${artistUuid}`);
    const uploadsBefore = startedUploads.length;
    const response = await chunkedAvatarPost(`${platform.baseUrl}/artists/${artistUuid}/avatar`, keyText, 21 * MEGABYTE);
    expect(response).toEqual({ status: 413, body: { success: false, error: Messages.fileTooLarge(20) } });
    expect(await storedKeys()).toEqual(before);
    // The body went into a multipart upload before the ceiling was passed; that upload was aborted.
    const started = startedUploads.slice(uploadsBefore);
    expect(started).toHaveLength(1);
    expect(started[0]?.key.startsWith(`${tenantId}/`)).toBe(true);
    for (const upload of started) expect(await isOpen(upload)).toBe(false);
    expect((await api(`/artists/${artistUuid}`)).body.artist.avatar_url).toBe(artist.body.artist.avatar_url);
  }, 30_000);
});
