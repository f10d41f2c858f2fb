import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  AbortMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { buildApp } from 'fauxqs';
import { BlobTooLargeError } from '@sv/platform';
import { S3BlobStore, createS3Client } from '@sv/platform/s3';

const MEGABYTE = 1024 * 1024;
const CDN_URL = 'https://cdn.example.test/blobs';
const BUCKET = 'sv-blobs-medium';

/** A source that hands out `bytes` in chunks as an HTTP request would, and tells whether it was read to the end. */
const sourceOf = (bytes: Buffer, options: { chunk?: number; failAfter?: number } = {}) => {
  const chunk = options.chunk ?? 256 * 1024;
  let offset = 0;
  const source = new Readable({
    read() {
      if (options.failAfter !== undefined && offset >= options.failAfter) {
        this.destroy(new Error('connection reset by peer'));
        return;
      }
      if (offset >= bytes.length) {
        this.push(null);
        return;
      }
      this.push(bytes.subarray(offset, offset + chunk));
      offset += chunk;
    },
  });
  const ended = new Promise<boolean>((resolve) => {
    source.once('end', () => resolve(true));
    source.once('error', () => resolve(false));
    source.once('close', () => resolve(false)); // destroyed before its end
  });
  return { source, ended };
};

const bodyOf = async (client: S3Client, key: string) => {
  const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return { bytes: Buffer.from(await object.Body!.transformToByteArray()), contentType: object.ContentType };
};

describe('S3BlobStore against an S3-compatible server over HTTP', () => {
  let server: ReturnType<typeof buildApp>;
  let client: S3Client;
  let store: S3BlobStore;
  /** Every multipart upload the store's client started, with its key. */
  let multipartUploads: { key: string; uploadId: string }[];

  beforeAll(async () => {
    server = buildApp({ logger: false });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as AddressInfo;
    client = createS3Client({
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'test-access-key', secretAccessKey: 'test-secret-key' },
    });
    client.middlewareStack.add(
      (next: any, context: any) => async (args: any) => {
        const result: any = await next(args);
        if (context.commandName === 'CreateMultipartUploadCommand') multipartUploads.push({ key: args.input.Key, uploadId: result.output.UploadId });
        return result;
      },
      { step: 'initialize', name: 'recordMultipartUploads' },
    );
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    store = new S3BlobStore(client, BUCKET, `${CDN_URL}/`);
  });

  afterAll(async () => {
    client?.destroy();
    await server?.close();
  });

  beforeEach(() => {
    multipartUploads = [];
  });

  const keysUnder = async (prefix: string): Promise<string[]> => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
    return (listed.Contents ?? []).map((object) => object.Key ?? '');
  };

  /**
   * Whether a multipart upload is still open on the server. This server answers ListMultipartUploads
   * with an empty list whatever is open, so each upload is probed by its id: UploadPart is refused
   * with NoSuchUpload once the upload is aborted.
   */
  const isOpen = async ({ key, uploadId }: { key: string; uploadId: string }): Promise<boolean> => {
    try {
      await client.send(new UploadPartCommand({ Bucket: BUCKET, Key: key, UploadId: uploadId, PartNumber: 1, Body: Buffer.from('x') }));
      return true;
    } catch (error) {
      if ((error as Error).name === 'NoSuchUpload') return false;
      throw error;
    }
  };

  it.each([
    ['a small file, sent with one PutObject', 64 * 1024 + 7],
    ['a file over the 5 MB part size, sent as a multipart upload', 12 * MEGABYTE + 3],
  ])('stores %s: the exact bytes under <tenant>/<yyyy>/<mm>/<uuid><ext>, with its type', async (_label, size) => {
    const tenantId = randomUUID();
    const bytes = randomBytes(size);
    const { source } = sourceOf(bytes);
    const blob = await store.put(source, { tenantId, extension: '.png', maxBytes: 20 * MEGABYTE, contentType: 'image/png' });

    expect(blob.key).toMatch(new RegExp(`^${tenantId}/\\d{4}/(0[1-9]|1[0-2])/[0-9a-f-]{36}\\.png$`));
    const now = new Date();
    expect(blob.key.split('/').slice(1, 3)).toEqual([String(now.getUTCFullYear()), String(now.getUTCMonth() + 1).padStart(2, '0')]);
    expect(blob.url).toBe(`${CDN_URL}/${blob.key}`);
    expect(blob.size).toBe(size);
    const stored = await bodyOf(client, blob.key);
    expect(stored.bytes.equals(bytes)).toBe(true);
    expect(stored.contentType).toBe('image/png');
    expect(await keysUnder(`${tenantId}/`)).toEqual([blob.key]);
    expect(multipartUploads.length).toBe(size > 5 * MEGABYTE ? 1 : 0);
  });

  it('accepts a file of exactly the ceiling', async () => {
    const tenantId = randomUUID();
    const bytes = randomBytes(6 * MEGABYTE);
    const blob = await store.put(sourceOf(bytes).source, { tenantId, extension: '.wav', maxBytes: bytes.length });
    expect(blob.size).toBe(bytes.length);
    expect((await bodyOf(client, blob.key)).bytes.equals(bytes)).toBe(true);
  });

  it('the probe for open multipart uploads sees one left open', async () => {
    const key = `probe/${randomUUID()}`;
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: key }));
    const upload = { key, uploadId: UploadId ?? '' };
    expect(await isOpen(upload)).toBe(true);
    await client.send(new AbortMultipartUploadCommand({ Bucket: BUCKET, Key: key, UploadId }));
    expect(await isOpen(upload)).toBe(false);
  });

  it.each([
    ['past the 5 MB part size (a multipart upload was started)', 16 * MEGABYTE, 11 * MEGABYTE, true],
    ['before the first part is full (nothing was sent)', 3 * MEGABYTE, 1 * MEGABYTE, false],
  ])(
    'refuses a stream over the ceiling %s with BlobTooLargeError, keeps nothing and drains the source',
    async (_label, size, maxBytes, multipart) => {
      const tenantId = randomUUID();
      const { source, ended } = sourceOf(randomBytes(size));
      await expect(store.put(source, { tenantId, extension: '.png', maxBytes, contentType: 'image/png' })).rejects.toBeInstanceOf(BlobTooLargeError);

      expect(await keysUnder(`${tenantId}/`)).toEqual([]);
      expect(multipartUploads.length).toBe(multipart ? 1 : 0);
      for (const upload of multipartUploads) expect(await isOpen(upload)).toBe(false);
      // Drained, not destroyed: the rest of the body was read to its end (an HTTP client gets its 413).
      expect(await ended).toBe(true);
      expect(source.errored).toBeNull();
    },
    30_000,
  );

  it.each([
    ['after a multipart upload was started', 8 * MEGABYTE],
    ['before anything was sent', 256 * 1024],
  ])('rejects with the error of a source that fails %s, and keeps nothing', async (_label, failAfter) => {
    const tenantId = randomUUID();
    const { source } = sourceOf(randomBytes(12 * MEGABYTE), { failAfter });
    await expect(store.put(source, { tenantId, extension: '.png', maxBytes: 20 * MEGABYTE })).rejects.toThrow('connection reset by peer');

    expect(await keysUnder(`${tenantId}/`)).toEqual([]);
    expect(multipartUploads.length).toBe(failAfter > 5 * MEGABYTE ? 1 : 0);
    for (const upload of multipartUploads) expect(await isOpen(upload)).toBe(false);
  });

  it('remove deletes the object, and removing an absent key is fine', async () => {
    const tenantId = randomUUID();
    const blob = await store.put(sourceOf(randomBytes(1000)).source, { tenantId, extension: '.jpg', maxBytes: MEGABYTE });
    expect(await keysUnder(`${tenantId}/`)).toEqual([blob.key]);

    await store.remove(blob.key);
    expect(await keysUnder(`${tenantId}/`)).toEqual([]);
    await expect(client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: blob.key }))).rejects.toMatchObject({ name: 'NotFound' });
    await expect(store.remove(blob.key)).resolves.toBeUndefined();
  });
});
