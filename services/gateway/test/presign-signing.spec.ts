import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { BlobExistsError, BlobTooLargeError, LocalDiskBlobStore, blobEnvShape, localUploadUrl, verifyLocalUpload } from '@sv/platform';
import { z } from 'zod';

const CDN_URL = 'http://cdn.example.test:8083';
const SECRET = 'unit-test-signing-secret-0123456789';

describe('presigned uploads of the local blob store', () => {
  let root: string;
  let store: LocalDiskBlobStore;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'sv-presign-'));
    store = new LocalDiskBlobStore(root, `${CDN_URL}/`, SECRET);
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const presign = (overrides: { expiresInSeconds?: number; maxBytes?: number } = {}) =>
    store.presignPut({ tenantId: randomUUID(), extension: '.jpg', contentType: 'image/jpeg', maxBytes: 20 * 1024 * 1024, expiresInSeconds: 600, ...overrides });

  const parts = (uploadUrl: string) => {
    const url = new URL(uploadUrl);
    return { key: url.pathname.replace(/^\/_uploads\//, ''), query: url.searchParams };
  };

  it('signs a PUT of a new key on the CDN address, bound to the type, size and expiry', async () => {
    const before = Math.floor(Date.now() / 1000);
    const upload = await presign();
    expect(upload.method).toBe('PUT');
    expect(upload.headers).toEqual({ 'Content-Type': 'image/jpeg' });
    expect(upload.key).toMatch(/^[0-9a-f-]{36}\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);
    expect(upload.url).toBe(`${CDN_URL}/${upload.key}`);
    const { key, query } = parts(upload.uploadUrl);
    expect(upload.uploadUrl.startsWith(`${CDN_URL}/_uploads/${upload.key}?`)).toBe(true);
    expect(key).toBe(upload.key);
    expect(query.get('type')).toBe('image/jpeg');
    expect(query.get('max')).toBe(String(20 * 1024 * 1024));
    expect(query.get('signature')).toMatch(/^[0-9a-f]{64}$/);
    const expires = Number(query.get('expires'));
    expect(expires).toBeGreaterThanOrEqual(before + 600);
    expect(upload.expiresAt).toBe(new Date(expires * 1000).toISOString());

    expect(store.verifyUpload(key, query)).toEqual({ ok: true, grant: { key, expires, maxBytes: 20 * 1024 * 1024, contentType: 'image/jpeg' } });
  });

  it('refuses any tampered part of the URL as an invalid signature', async () => {
    const { key, query } = parts((await presign()).uploadUrl);
    const signature = query.get('signature') ?? '';
    const withParam = (name: string, value: string | undefined) => {
      const changed = new URLSearchParams(query);
      if (value === undefined) changed.delete(name);
      else changed.set(name, value);
      return changed;
    };
    const invalid = { ok: false, reason: 'invalid_signature' };
    expect(store.verifyUpload(`${key}x`, query)).toEqual(invalid);
    expect(store.verifyUpload(key, withParam('expires', String(Number(query.get('expires')) + 3600)))).toEqual(invalid);
    expect(store.verifyUpload(key, withParam('max', String(200 * 1024 * 1024)))).toEqual(invalid);
    expect(store.verifyUpload(key, withParam('type', 'image/png'))).toEqual(invalid);
    expect(store.verifyUpload(key, withParam('signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`))).toEqual(invalid);
    expect(store.verifyUpload(key, withParam('signature', signature.slice(0, 10)))).toEqual(invalid);
    expect(store.verifyUpload(key, withParam('signature', undefined))).toEqual(invalid);
    // Signed with another secret: another environment's, or a forger's.
    expect(verifyLocalUpload('another-secret-of-some-length', key, query)).toEqual(invalid);
  });

  it('refuses an expired URL, and only once it has expired', async () => {
    const { key, query } = parts((await presign({ expiresInSeconds: 60 })).uploadUrl);
    const expires = Number(query.get('expires'));
    expect(store.verifyUpload(key, query, expires - 1).ok).toBe(true);
    expect(store.verifyUpload(key, query, expires)).toEqual({ ok: false, reason: 'expired' });
    const forged = localUploadUrl(CDN_URL, 'not-our-secret-at-all-0000', { key, expires: expires + 86_400, maxBytes: 1, contentType: 'image/jpeg' });
    expect(store.verifyUpload(key, new URL(forged).searchParams, expires)).toEqual({ ok: false, reason: 'invalid_signature' });
  });

  it('putAt stores at exactly the key, once: a second upload is BlobExistsError, an oversize one BlobTooLargeError', async () => {
    const upload = await presign();
    const bytes = Buffer.from('first file');
    const blob = await store.putAt(upload.key, Readable.from([bytes]), { maxBytes: 100 });
    expect(blob).toEqual({ key: upload.key, url: upload.url, size: bytes.length });
    expect((await readFile(join(root, upload.key))).equals(bytes)).toBe(true);

    await expect(store.putAt(upload.key, Readable.from([Buffer.from('second')]), { maxBytes: 100 })).rejects.toBeInstanceOf(BlobExistsError);
    expect((await readFile(join(root, upload.key))).equals(bytes)).toBe(true);

    const other = await presign();
    await expect(store.putAt(other.key, Readable.from([Buffer.alloc(101)]), { maxBytes: 100 })).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await store.exists(other.key)).toBe(false);
    expect(await readdir(join(root, '.incoming'))).toEqual([]);
  });

  it('putAt and keyOf refuse keys outside the store or in its temp directory', async () => {
    for (const key of ['../escape.jpg', '.incoming/x.part', 'a/../../b.jpg', '/etc/passwd']) {
      await expect(store.putAt(key, Readable.from([Buffer.from('x')]), { maxBytes: 10 })).rejects.toThrow();
      expect(store.keyOf(`${CDN_URL}/${key}`)).toBeUndefined();
    }
  });

  it('reads its secret from SV_BLOB_SIGNING_SECRET, with a local default per environment', () => {
    const parse = (env: Record<string, string | undefined>) => z.object(blobEnvShape(env)).parse(env).SV_BLOB_SIGNING_SECRET;
    expect(parse({ SV_BLOB_SIGNING_SECRET: 'a-secret-from-the-environment' })).toBe('a-secret-from-the-environment');
    expect(parse({ SV_ENV: 'production' })).toMatch(/^local-production-/);
    expect(parse({ SV_ENV: 'sandbox' })).toMatch(/^local-sandbox-/);
    expect(() => parse({ SV_BLOB_SIGNING_SECRET: 'short' })).toThrow();
  });
});
