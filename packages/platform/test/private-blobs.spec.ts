import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { LocalDiskBlobStore, putBuffer } from '../src/blobs/blob-store.ts';
import { ownerUrls } from '../src/blobs/owner-url.ts';
import { servedTypeOf } from '../src/blobs/served-type.ts';
import { isPublicKey, visibilityFor } from '../src/blobs/visibility.ts';

const CDN_URL = 'http://cdn.example.test:8083';
const SECRET = 'unit-test-signing-secret-0123456789';
const TENANT = '7d0c2a55-52f1-4b8e-9e0a-0c9f4f7f1a11';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The key and query of a signed read URL of the store above. */
const partsOf = (url: string) => {
  const parsed = new URL(url);
  return { key: parsed.pathname.slice(1), query: parsed.searchParams };
};

describe('visibility of stored files', () => {
  it('makes images public unless asked otherwise, and anything else private whatever was asked', () => {
    expect(visibilityFor('.jpg')).toBe('public');
    expect(visibilityFor('.PNG')).toBe('public');
    expect(visibilityFor('.jpg', 'private')).toBe('private');
    expect(visibilityFor('.wav')).toBe('private');
    expect(visibilityFor('.mp4', 'public')).toBe('private');
    expect(visibilityFor('')).toBe('private');
  });

  it('serves a key without a signature only when it is an image outside private/ (older keys carry no prefix)', () => {
    expect(isPublicKey(`${TENANT}/2026/01/${randomUUID()}.jpg`)).toBe(true);
    expect(isPublicKey('dsps/spotify.png')).toBe(true);
    expect(isPublicKey(`private/${TENANT}/2026/01/${randomUUID()}.jpg`)).toBe(false);
    // A master stored before visibility existed: its permanent URL no longer reads it.
    expect(isPublicKey(`${TENANT}/2025/11/${randomUUID()}.wav`)).toBe(false);
    expect(isPublicKey(`${TENANT}/2025/11/${randomUUID()}.html`)).toBe(false);
    expect(isPublicKey(`${TENANT}/2025/11/noextension`)).toBe(false);
  });

  it('names a type for every stored extension and never one that renders as a page', () => {
    expect(servedTypeOf('a/b.wav')).toEqual({ contentType: 'audio/wav', disposition: 'inline' });
    expect(servedTypeOf('a/b.JPG')).toEqual({ contentType: 'image/jpeg', disposition: 'inline' });
    expect(servedTypeOf('a/b.xml')).toEqual({ contentType: 'application/xml', disposition: 'attachment' });
    for (const key of ['a/b.html', 'a/b.htm', 'a/b.svg', 'a/b.js', 'a/b', 'a/.html']) {
      expect(servedTypeOf(key)).toEqual({ contentType: 'application/octet-stream', disposition: 'attachment' });
    }
  });
});

describe('private files of the local store', () => {
  let root: string;
  let store: LocalDiskBlobStore;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'sv-private-blobs-'));
    store = new LocalDiskBlobStore(root, `${CDN_URL}/`, SECRET);
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const putMaster = () => putBuffer(store, Buffer.from('RIFF....WAVE'), { tenantId: TENANT, extension: '.wav', contentType: 'audio/wav', visibility: 'private' });

  it('stores a private file under private/<tenant>/ and a public image under <tenant>/', async () => {
    const master = await putMaster();
    expect(master.key).toMatch(new RegExp(`^private/${TENANT}/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.wav$`));
    const cover = await putBuffer(store, Buffer.from('jpeg'), { tenantId: TENANT, extension: '.jpg', contentType: 'image/jpeg' });
    expect(cover.key).toMatch(new RegExp(`^${TENANT}/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.jpg$`));
    // Unasked, a non-image is private too.
    const document = await store.put(Readable.from([Buffer.from('a,b')]), { tenantId: TENANT, extension: '.csv', maxBytes: 10 });
    expect(document.key.startsWith(`private/${TENANT}/`)).toBe(true);
  });

  it("hands out a public file's permanent address, and a private file's address signed until its expiry", async () => {
    const cover = await putBuffer(store, Buffer.from('jpeg'), { tenantId: TENANT, extension: '.jpg', contentType: 'image/jpeg' });
    expect(await store.readUrl(cover.key, 60)).toBe(cover.url);

    const master = await putMaster();
    const before = nowSeconds();
    const url = await store.readUrl(master.key, 3600);
    expect(url.startsWith(`${master.url}?`)).toBe(true);
    const { key, query } = partsOf(url);
    expect(key).toBe(master.key);
    expect(Number(query.get('expires'))).toBeGreaterThanOrEqual(before + 3600);
    expect(Number(query.get('expires'))).toBeLessThanOrEqual(nowSeconds() + 3600);
    expect(store.verifyRead(key, query)).toEqual({ ok: true, expires: Number(query.get('expires')) });
  });

  it('refuses a read URL once expired, or with any part changed', async () => {
    const master = await putMaster();
    const other = await putMaster();
    const { key, query } = partsOf(await store.readUrl(master.key, 60));
    const expires = Number(query.get('expires'));
    expect(store.verifyRead(key, query, expires)).toEqual({ ok: false, reason: 'expired' });
    expect(store.verifyRead(key, query, expires - 1)).toEqual({ ok: true, expires });

    expect(store.verifyRead(other.key, query)).toEqual({ ok: false, reason: 'invalid_signature' });
    const later = new URLSearchParams(query);
    later.set('expires', String(expires + 86_400));
    expect(store.verifyRead(key, later)).toEqual({ ok: false, reason: 'invalid_signature' });
    const flipped = new URLSearchParams(query);
    const signature = query.get('signature') ?? '';
    flipped.set('signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
    expect(store.verifyRead(key, flipped)).toEqual({ ok: false, reason: 'invalid_signature' });
    expect(store.verifyRead(key, new URLSearchParams())).toEqual({ ok: false, reason: 'invalid_signature' });
    // Another secret's signature reads nothing.
    const stranger = new LocalDiskBlobStore(root, CDN_URL, `${SECRET}-other`);
    expect(stranger.verifyRead(key, query)).toEqual({ ok: false, reason: 'invalid_signature' });
  });

  it('never takes an upload signature for a read signature (the keys are derived per purpose)', async () => {
    const upload = await store.presignPut({ tenantId: TENANT, extension: '.wav', contentType: 'audio/wav', maxBytes: 1000, expiresInSeconds: 600 });
    expect(upload.key.startsWith(`private/${TENANT}/`)).toBe(true);
    const query = new URL(upload.uploadUrl).searchParams;
    expect(store.verifyRead(upload.key, query)).toEqual({ ok: false, reason: 'invalid_signature' });
  });

  it('cannot sign a read without a signing secret', async () => {
    const unsigned = new LocalDiskBlobStore(root, CDN_URL);
    await expect(unsigned.readUrl(`private/${TENANT}/2026/01/${randomUUID()}.wav`, 60)).rejects.toThrow(/signing secret/);
    expect(unsigned.verifyRead('any/key.wav', new URLSearchParams({ expires: '1', signature: '0'.repeat(64) }))).toEqual({ ok: false, reason: 'invalid_signature' });
  });
});

describe('ownerUrls', () => {
  let root: string;
  let store: LocalDiskBlobStore;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'sv-owner-urls-'));
    store = new LocalDiskBlobStore(root, CDN_URL, SECRET);
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const urlOf = () => ownerUrls(store, () => 600);

  it('signs the stored key of a private file', async () => {
    const key = `private/${TENANT}/2026/01/${randomUUID()}.wav`;
    const url = (await urlOf()({ key, url: `${CDN_URL}/${key}` })) ?? '';
    const { query } = partsOf(url);
    expect(url.startsWith(`${CDN_URL}/${key}?`)).toBe(true);
    expect(store.verifyRead(key, query).ok).toBe(true);
  });

  it('signs a row that kept only the permanent URL of a master, by the key of that URL', async () => {
    const legacyKey = `${TENANT}/2025/11/${randomUUID()}.wav`;
    const url = (await urlOf()({ key: null, url: `${CDN_URL}/${legacyKey}` })) ?? '';
    const { key, query } = partsOf(url);
    expect(key).toBe(legacyKey);
    expect(store.verifyRead(key, query).ok).toBe(true);
  });

  it('answers null for a row without a file, and an address of no store of ours as it is', async () => {
    expect(await urlOf()({ key: null, url: null })).toBeNull();
    expect(await urlOf()({})).toBeNull();
    expect(await urlOf()({ url: 'https://elsewhere.example/a.wav' })).toBe('https://elsewhere.example/a.wav');
  });
});
