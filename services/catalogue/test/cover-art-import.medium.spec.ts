import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import sharp from 'sharp';
import { Messages } from '@sv/contracts';
import { LocalDiskBlobStore, ValidationError, putBuffer } from '@sv/platform';
import { importCoverArt, type ArtworkDeps } from '../src/app/artwork/cover-art-import.ts';
import { GuardedFetchError, fetchGuarded } from '../src/app/artwork/guarded-fetch.ts';
import { jpegOf, pngClaiming, textBytes, transparentPngOf, truncatedJpegOf } from './support/image-fixtures.ts';

/*
 * importCoverArt against a real HTTP server and a real blob store on disk: the outbound guards
 * (addresses, redirects, size, status) and the conversion, with the private-address guard on and off.
 */

const MEGABYTE = 1024 * 1024;
/** A CDN address that does not resolve: files of our own store must be read from the store, never fetched. */
const CDN_URL = 'http://cdn.invalid';
const TENANT = randomUUID();

let server: Server;
let origin: string;
let port: number;
let blobDir: string;
let blobs: LocalDiskBlobStore;
let cover: Buffer;

const deps = (allowPrivateUrls: boolean): ArtworkDeps => ({
  blobs,
  logger: pino({ level: 'silent' }),
  config: { allowPrivateUrls },
});

const send = (res: ServerResponse, type: string, body: Buffer) => {
  res.writeHead(200, { 'content-type': type, 'content-length': body.length });
  res.end(body);
};

/** Streams `total` bytes without a Content-Length, so only counting them can stop it. */
const sendChunked = (res: ServerResponse, total: number) => {
  res.writeHead(200, { 'content-type': 'image/jpeg' });
  const chunk = Buffer.alloc(256 * 1024, 0xab);
  let sent = 0;
  const write = () => {
    while (sent < total && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', write);
    }
    res.end();
  };
  res.on('error', () => undefined);
  write();
};

beforeAll(async () => {
  cover = await jpegOf(500);
  const [transparent, truncated] = await Promise.all([transparentPngOf(400), truncatedJpegOf(800)]);
  blobDir = await mkdtemp(join(tmpdir(), 'sv-cover-art-'));
  blobs = new LocalDiskBlobStore(blobDir, CDN_URL, 'a-signing-secret-for-this-test');
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    // /redirect/<n>: n redirects in a row, then the cover.
    const hops = /^\/redirect\/([1-9]\d*)$/.exec(path);
    if (hops) {
      const left = Number(hops[1]);
      res.writeHead(302, { location: left === 1 ? '/cover.jpg' : `/redirect/${left - 1}` });
      return void res.end();
    }
    if (path === '/cover.jpg') return send(res, 'image/jpeg', cover);
    if (path === '/transparent.png') return send(res, 'image/png', transparent);
    if (path === '/note.png') return send(res, 'image/png', textBytes());
    if (path === '/truncated.jpg') return send(res, 'image/jpeg', truncated);
    if (path === '/huge.png') return send(res, 'image/png', pngClaiming(20_000, 20_000));
    if (path === '/declared-too-big.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': 21 * MEGABYTE });
      res.on('error', () => undefined);
      return void res.write(Buffer.alloc(1024));
    }
    if (path === '/streamed-too-big.jpg') return sendChunked(res, 21 * MEGABYTE);
    if (path === '/to-other-loopback') {
      res.writeHead(301, { location: `http://127.0.0.2:${port}/cover.jpg` });
      return void res.end();
    }
    if (path === '/to-ftp') {
      res.writeHead(302, { location: 'ftp://127.0.0.1/cover.jpg' });
      return void res.end();
    }
    if (path === '/stalls') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      return void res.write(cover.subarray(0, 100)); // and never more
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(blobDir, { recursive: true, force: true });
});

const storedFiles = async (): Promise<string[]> =>
  (await readdir(blobDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => relative(blobDir, join(entry.parentPath, entry.name)))
    .sort();

/** The cover_art_url messages of the 422 a call ends in; also checks that it stored nothing. */
const refusalOf = async (work: () => Promise<unknown>): Promise<string[]> => {
  const before = await storedFiles();
  try {
    await work();
  } catch (error) {
    expect(await storedFiles()).toEqual(before);
    if (error instanceof ValidationError) {
      expect(Object.keys(error.fields ?? {})).toEqual(['cover_art_url']);
      return error.fields?.cover_art_url ?? [];
    }
    throw error;
  }
  throw new Error('expected a 422 on cover_art_url');
};

describe('importCoverArt with private addresses allowed (development and tests)', () => {
  it('fetches the image, stores it as a JPEG under the tenant and answers its CDN URL and key', async () => {
    const stored = await importCoverArt(deps(true), TENANT, `${origin}/cover.jpg`);
    expect(stored.url).toBe(`${CDN_URL}/${stored.key}`);
    expect(stored.key).toMatch(new RegExp(`^${TENANT}/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.jpg$`));
    const file = await readFile(join(blobDir, stored.key));
    expect(await sharp(file).metadata()).toMatchObject({ format: 'jpeg', width: 500, height: 500 });
  });

  it('fetches from a host name through the checking lookup', async () => {
    const stored = await importCoverArt(deps(true), TENANT, `http://localhost:${port}/cover.jpg`);
    expect(await sharp(await readFile(join(blobDir, stored.key))).metadata()).toMatchObject({ format: 'jpeg', width: 500 });
  });

  it('has no minimum size for URLs and flattens transparency onto white', async () => {
    const stored = await importCoverArt(deps(true), TENANT, `${origin}/transparent.png`);
    const { data } = await sharp(await readFile(join(blobDir, stored.key)))
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([255, 255, 255]);
  });

  it('follows up to 3 redirects and refuses a fourth', async () => {
    const stored = await importCoverArt(deps(true), TENANT, `${origin}/redirect/2`);
    expect(stored.url.endsWith('.jpg')).toBe(true);
    await importCoverArt(deps(true), TENANT, `${origin}/redirect/3`);
    expect(await refusalOf(() => importCoverArt(deps(true), TENANT, `${origin}/redirect/4`))).toEqual([
      Messages.coverArtTooManyRedirects(3),
    ]);
  });

  it('refuses a body over 20 MB, whether its length is declared or not', async () => {
    expect(await refusalOf(() => importCoverArt(deps(true), TENANT, `${origin}/declared-too-big.jpg`))).toEqual([
      Messages.coverArtTooLarge(20),
    ]);
    expect(await refusalOf(() => importCoverArt(deps(true), TENANT, `${origin}/streamed-too-big.jpg`))).toEqual([
      Messages.coverArtTooLarge(20),
    ]);
  });

  it('refuses a non-2xx answer, a host that refuses connections and a URL that is not http(s)', async () => {
    expect(await refusalOf(() => importCoverArt(deps(true), TENANT, `${origin}/nothing.jpg`))).toEqual([Messages.coverArtHttpStatus(404)]);
    expect(await refusalOf(() => importCoverArt(deps(true), TENANT, 'http://127.0.0.1:1/cover.jpg'))).toEqual([
      Messages.coverArtUnreachable('the connection was refused'),
    ]);
    for (const url of ['ftp://127.0.0.1/cover.jpg', 'file:///etc/passwd', 'not a url']) {
      expect(await refusalOf(() => importCoverArt(deps(true), TENANT, url))).toEqual([Messages.coverArtInvalidUrl]);
    }
    expect(await refusalOf(() => importCoverArt(deps(true), TENANT, `${origin}/to-ftp`))).toEqual([Messages.coverArtInvalidUrl]);
  });

  it('refuses what is not a readable image of at most 8000x8000', async () => {
    expect(await refusalOf(() => importCoverArt(deps(true), TENANT, `${origin}/note.png`))).toEqual([Messages.imageNotAnImage('application/octet-stream')]);
    expect(await refusalOf(() => importCoverArt(deps(true), TENANT, `${origin}/truncated.jpg`))).toEqual([Messages.imageUnreadable]);
    expect(await refusalOf(() => importCoverArt(deps(true), TENANT, `${origin}/huge.png`))).toEqual([
      Messages.imageTooLarge(20_000, 20_000),
    ]);
  });
});

describe('importCoverArt with the private-address guard on (production)', () => {
  it.each([
    ['an IPv4 loopback literal', () => `${origin}/cover.jpg`],
    ['a host name that resolves to loopback', () => `http://localhost:${port}/cover.jpg`],
    ['an IPv6 loopback literal', () => `http://[::1]:${port}/cover.jpg`],
    ['an IPv4-mapped IPv6 loopback literal', () => `http://[::ffff:127.0.0.1]:${port}/cover.jpg`],
    ['loopback written as one decimal number', () => `http://2130706433:${port}/cover.jpg`],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a private network address', () => 'http://10.0.0.1/cover.jpg'],
  ])('refuses %s with 422', async (_label, url) => {
    expect(await refusalOf(() => importCoverArt(deps(false), TENANT, url()))).toEqual([Messages.coverArtPrivateAddress]);
  });

  it('refuses before connecting: a name resolving to loopback is checked at the lookup, not after the connection', async () => {
    // Nothing listens on port 1: had the fetch connected, the refusal would read "connection was refused".
    expect(await refusalOf(() => importCoverArt(deps(false), TENANT, 'http://localhost:1/cover.jpg'))).toEqual([
      Messages.coverArtPrivateAddress,
    ]);
  });

  it('still reads our own CDN files, straight from the blob store', async () => {
    const uploaded = await putBuffer(blobs, await transparentPngOf(300), { tenantId: TENANT, extension: '.png', contentType: 'image/png' });
    expect(uploaded.url.startsWith(`${CDN_URL}/`)).toBe(true);
    const stored = await importCoverArt(deps(false), TENANT, uploaded.url);
    expect(stored.key).not.toBe(uploaded.key);
    expect(await sharp(await readFile(join(blobDir, stored.key))).metadata()).toMatchObject({ format: 'jpeg', width: 300, height: 300 });
    // The source stays: the client may send the same URL again.
    expect((await storedFiles()).includes(uploaded.key)).toBe(true);
  });

  it('answers 422 for one of our CDN URLs with nothing uploaded behind it', async () => {
    expect(await refusalOf(() => importCoverArt(deps(false), TENANT, `${CDN_URL}/${TENANT}/2026/01/${randomUUID()}.jpg`))).toEqual([
      Messages.coverArtNotUploaded,
    ]);
  });
});

describe('fetchGuarded', () => {
  const onlyFirstLoopback = (address: string) => address === '127.0.0.1' || address === '::ffff:127.0.0.1';
  const guards = { maxBytes: 20 * MEGABYTE, maxRedirects: 3, timeoutMs: 10_000, isAllowedAddress: onlyFirstLoopback };

  it('checks the address of every redirect hop, not only the first', async () => {
    expect((await fetchGuarded(`${origin}/cover.jpg`, guards)).equals(cover)).toBe(true);
    await expect(fetchGuarded(`${origin}/to-other-loopback`, guards)).rejects.toThrow(
      new GuardedFetchError(Messages.coverArtPrivateAddress),
    );
  });

  it('gives up on a server that stops sending, within the time allowed', async () => {
    await expect(fetchGuarded(`${origin}/stalls`, { ...guards, timeoutMs: 300 })).rejects.toThrow(
      new GuardedFetchError(Messages.coverArtTimeout(0.3)),
    );
  });
});
