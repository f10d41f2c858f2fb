import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { CreateBucketCommand, GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { buildApp } from 'fauxqs';
import { S3BlobStore, createS3Client } from '@sv/platform/s3';
import { imageOf } from './upload-sniffing.fixtures.ts';

const CDN_URL = 'https://cdn.example.test/blobs';
const BUCKET = 'sv-presign-medium';
const CREDENTIALS = { accessKeyId: 'test-access-key', secretAccessKey: 'test-secret-key' };

/**
 * Presigned uploads with an S3 store: a real presigned PutObject URL. This S3-compatible server
 * takes a PUT to it (it does not check signatures, so what the URL binds is asserted on the URL).
 */
describe('S3BlobStore.presignPut', () => {
  let server: ReturnType<typeof buildApp>;
  let client: S3Client;
  let store: S3BlobStore;

  beforeAll(async () => {
    server = buildApp({ logger: false });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as AddressInfo;
    client = createS3Client({ region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true, credentials: CREDENTIALS });
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    store = new S3BlobStore(client, BUCKET, `${CDN_URL}/`);
  });

  afterAll(async () => {
    client?.destroy();
    await server?.close();
  });

  it('signs a PUT of a new key with the Content-Type bound, and a PUT to it stores the file with that type', async () => {
    const tenantId = randomUUID();
    const before = Date.now();
    const upload = await store.presignPut({ tenantId, extension: '.jpg', contentType: 'image/jpeg', maxBytes: 20 * 1024 * 1024, expiresInSeconds: 900 });
    expect(upload.method).toBe('PUT');
    expect(upload.headers).toEqual({ 'Content-Type': 'image/jpeg' });
    expect(upload.key).toMatch(new RegExp(`^${tenantId}/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.jpg$`));
    expect(upload.url).toBe(`${CDN_URL}/${upload.key}`);
    expect(Date.parse(upload.expiresAt)).toBeGreaterThanOrEqual(before + 900_000 - 1000);

    const signed = new URL(upload.uploadUrl);
    expect(signed.pathname).toBe(`/${BUCKET}/${upload.key}`);
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(signed.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(expect.arrayContaining(['content-type', 'host']));
    expect(signed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    await expect(client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: upload.key }))).rejects.toMatchObject({ name: 'NotFound' });

    const jpeg = await imageOf('jpeg');
    const put = await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: new Uint8Array(jpeg) });
    expect(put.status).toBe(200);
    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: upload.key }));
    expect(object.ContentType).toBe('image/jpeg');
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(jpeg)).toBe(true);
  });

  it('against AWS itself, signs no checksum of the (absent) body into the URL, which would refuse every real upload', async () => {
    const aws = createS3Client({ region: 'eu-west-1', endpoint: undefined, forcePathStyle: false, credentials: CREDENTIALS });
    try {
      const upload = await new S3BlobStore(aws, 'a-bucket', CDN_URL).presignPut({
        tenantId: randomUUID(),
        extension: '.png',
        contentType: 'image/png',
        maxBytes: 1024,
        expiresInSeconds: 60,
      });
      const signed = new URL(upload.uploadUrl);
      expect(signed.host).toBe('a-bucket.s3.eu-west-1.amazonaws.com');
      const names = [...signed.searchParams.keys()].map((name) => name.toLowerCase());
      expect(names.filter((name) => name.includes('checksum'))).toEqual([]);
      expect(signed.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    } finally {
      aws.destroy();
    }
  });
});
