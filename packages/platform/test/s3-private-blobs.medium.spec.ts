import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { CreateBucketCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { buildApp } from 'fauxqs';
import { putBuffer } from '../src/blobs/blob-store.ts';
import { S3BlobStore, createS3Client } from '../src/blobs/s3-blob-store.ts';

const CDN_URL = 'https://cdn.example.test/blobs';
const BUCKET = 'sv-private-blobs';
const TENANT = randomUUID();

/**
 * Private files in an S3-compatible bucket: never handed out by the bucket's public address, but
 * as presigned GetObject URLs that carry their expiry; public images keep their permanent address.
 */
describe('private files of the S3 store', () => {
  let server: ReturnType<typeof buildApp>;
  let endpoint: string;
  let client: S3Client;
  let store: S3BlobStore;

  beforeAll(async () => {
    server = buildApp({ logger: false });
    await server.listen({ port: 0, host: '127.0.0.1' });
    endpoint = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    client = createS3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'test-access-key', secretAccessKey: 'test-secret-key' },
    });
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    store = new S3BlobStore(client, BUCKET, CDN_URL);
  });

  afterAll(async () => {
    client?.destroy();
    await server?.close();
  });

  it('stores a master under private/ and hands out a presigned GET that expires, not the public address', async () => {
    const bytes = randomBytes(4096);
    const master = await putBuffer(store, bytes, { tenantId: TENANT, extension: '.wav', contentType: 'audio/wav', visibility: 'private' });
    expect(master.key.startsWith(`private/${TENANT}/`)).toBe(true);
    // Kept out of shared caches, which would serve it past its URL's expiry.
    expect((await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: master.key }))).CacheControl).toBe('private, max-age=31536000, immutable');

    const url = new URL(await store.readUrl(master.key, 900));
    expect(url.origin).toBe(endpoint);
    expect(url.pathname).toBe(`/${BUCKET}/${master.key}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.href.startsWith(CDN_URL)).toBe(false);

    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('keeps the permanent public address of an image', async () => {
    const cover = await putBuffer(store, randomBytes(64), { tenantId: TENANT, extension: '.jpg', contentType: 'image/jpeg' });
    expect(cover.key.startsWith(`${TENANT}/`)).toBe(true);
    expect(await store.readUrl(cover.key, 900)).toBe(`${CDN_URL}/${cover.key}`);
  });

  it('stores a file declared as a page with the type its extension names, to be downloaded', async () => {
    const page = await putBuffer(store, Buffer.from('<html><script>alert(1)</script></html>'), {
      tenantId: TENANT,
      extension: '.txt',
      contentType: 'text/html',
    });
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: page.key }));
    expect(head.ContentType).toBe('text/plain');
    expect(head.ContentDisposition).toBe('attachment');
    const served = await fetch(await store.readUrl(page.key, 60));
    expect(served.headers.get('content-type')).not.toMatch(/html/);
  });
});
