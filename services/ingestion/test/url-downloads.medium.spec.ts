import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskBlobStore, ValidationError, isPublicAddress, readBuffer } from '@sv/platform';
import { checksumMismatch, notDelivered, type MediaResolver } from '../src/app/media/media-resolver.ts';
import { withUrlDownloads, type UrlDownloadGuards } from '../src/app/media/url-downloads.ts';

/*
 * Files a message names by URL are downloaded under the outbound guard into the blob store, private,
 * with the checksum a message states verified; a real HTTP server and the disk store.
 */

const AUDIO = Buffer.alloc(256 * 1024, 7);
const TENANT = '00000000-0000-4000-8000-000000000001';

let server: Server;
let base: string;
let dir: string;
let blobs: LocalDiskBlobStore;

const guards = (overrides: Partial<UrlDownloadGuards> = {}): UrlDownloadGuards => ({
  maxBytes: 1024 * 1024,
  maxRedirects: 2,
  timeoutMs: 60_000, // not under test; generous for a loaded machine
  isAllowedAddress: undefined,
  ...overrides,
});

/** Every file the store holds, so a test can say nothing was left behind. */
const storedFiles = async (): Promise<string[]> =>
  (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile() && !entry.parentPath.includes('.incoming')).map((entry) => entry.name);

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/audio/A1.wav') return res.writeHead(200, { 'content-type': 'audio/wav' }).end(AUDIO);
    if (req.url === '/moved/A1.wav') return res.writeHead(302, { location: '/audio/A1.wav' }).end();
    if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (req.url === '/big.wav') return res.writeHead(200).end(Buffer.alloc(2 * 1024 * 1024));
    res.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = await mkdtemp(join(tmpdir(), 'sv-downloads-'));
  blobs = new LocalDiskBlobStore(dir, 'http://cdn.test');
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const sha256 = createHash('sha256').update(AUDIO).digest('hex');

describe('files named by URL', () => {
  it('are downloaded (redirects followed) into the store as a private upload, the stated checksum checked', async () => {
    const resolve = withUrlDownloads(blobs, TENANT, guards());
    const resolved = await resolve({ uri: `${base}/moved/A1.wav`, hash: { algorithm: 'SHA-256', value: sha256.toUpperCase() } });
    if (!resolved || !('file' in resolved)) throw new Error(`not downloaded: ${JSON.stringify(resolved)}`);
    expect(resolved.file).toMatchObject({ filename: 'A1.wav', mime_type: 'audio/wav', size: AUDIO.length });
    expect(resolved.file.key).toMatch(new RegExp(`^private/${TENANT}/.*\\.wav$`));
    expect((await readBuffer(blobs, resolved.file.key, AUDIO.length)).equals(AUDIO)).toBe(true);
    // Discarded when the item is not imported: nothing refers to it then.
    await resolved.discard?.();
    await expect(blobs.read(resolved.file.key)).rejects.toThrow();
  });

  it('are refused, and not kept, when the stated checksum disagrees', async () => {
    const before = await storedFiles();
    const resolve = withUrlDownloads(blobs, TENANT, guards());
    const uri = `${base}/audio/A1.wav`;
    await expect(resolve({ uri, hash: { algorithm: 'MD5', value: '0'.repeat(32) } })).rejects.toThrow(new ValidationError({}, checksumMismatch(uri, 'MD5')).message);
    expect(await storedFiles()).toEqual(before);
  });

  it('are reported missing, with the reason, when they cannot be fetched', async () => {
    const resolve = withUrlDownloads(blobs, TENANT, guards());
    const missing = async (uri: string) => ((await resolve({ uri })) as { missing: string }).missing;
    expect(await missing(`${base}/gone.wav`)).toContain('it answered HTTP 404');
    expect(await missing(`${base}/loop`)).toContain('it redirected more than 2 times');
    expect(await missing(`${base}/big.wav`)).toContain('larger than 1 MB');
    expect(await missing('http://127.0.0.1:1/a.wav')).toContain('the connection was refused');
  });

  it('never reach a private or loopback address when the guard is on (production)', async () => {
    const resolve = withUrlDownloads(blobs, TENANT, guards({ isAllowedAddress: isPublicAddress }));
    const resolved = (await resolve({ uri: `${base}/audio/A1.wav` })) as { missing: string };
    expect(resolved.missing).toContain('private, loopback or otherwise non-public address');
  });

  it('leave other names to the delivered files, or to no one', async () => {
    const delivered: MediaResolver = async (ref) => ({ missing: notDelivered(ref.uri) });
    expect(await withUrlDownloads(blobs, TENANT, guards(), delivered)({ uri: 'resources/A1.wav' })).toEqual({ missing: notDelivered('resources/A1.wav') });
    expect(await withUrlDownloads(blobs, TENANT, guards())({ uri: 'resources/A1.wav' })).toBeUndefined();
  });
});
