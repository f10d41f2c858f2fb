import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { TimeoutError } from '@sv/platform';
import { startSftpServer, type SftpServer } from '@sv/testing';
import type { SftpEndpoint } from '../src/app/transports/endpoints.ts';
import { openSftpSession } from '../src/app/transports/sftp-transport.ts';
import { StoreAccessRefused, type Bundle, type BundleFile } from '../src/app/transports/transport.ts';

/** The SFTP transport against a real OpenSSH server on loopback. */
describe('SFTP transport', () => {
  let server: SftpServer;
  beforeAll(async () => {
    server = await startSftpServer();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  const endpoint = (folder: string, overrides: Partial<SftpEndpoint> = {}): SftpEndpoint => ({
    transport: 'sftp',
    host: server.host,
    port: server.port,
    username: server.username,
    privateKeyFile: server.privateKeyFile,
    hostKey: server.hostKey,
    root: join(server.root, folder),
    ...overrides,
  });

  const audio = randomBytes(3 * 1024 * 1024);
  const cover = randomBytes(200 * 1024);
  const file = (name: string, bytes: Buffer, open?: () => Readable): BundleFile => ({ name, size: bytes.length, open: async () => open?.() ?? Readable.from([bytes]) });

  const bundle = (batchId: string, resources: BundleFile[]): Bundle => ({
    batchId,
    releaseFolder: '0860000000017',
    ern: { name: '0860000000017.xml', xml: '<ern/>' },
    resources,
    batchComplete: { name: `BatchComplete_${batchId}.xml`, content: '<batch/>' },
  });

  /** Every file under `dir`, relative, sorted. */
  const tree = async (dir: string): Promise<string[]> => (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1)).sort();

  it('lays out a bundle by the DDEX choreography: media, then the ERN, then BatchComplete last', async () => {
    const root = join(server.root, 'store-a');
    let seenDuringMedia: string[] = [];
    // While the audio is still uploading, nothing but its temporary file may be there.
    const slowAudio = () =>
      Readable.from(
        (async function* () {
          yield audio.subarray(0, 1024 * 1024);
          await new Promise((resolve) => setTimeout(resolve, 300));
          seenDuringMedia = await tree(root);
          yield audio.subarray(1024 * 1024);
        })(),
      );
    const session = await openSftpSession(endpoint('store-a'), 10_000);
    try {
      await session.send(bundle('20261124000000001', [file('resources/0860000000017_01_001.wav', audio, slowAudio), file('resources/0860000000017.jpg', cover)]));
    } finally {
      await session.close();
    }
    expect(seenDuringMedia).toEqual(['20261124000000001/0860000000017/resources/0860000000017_01_001.wav.uploading']);
    expect(await tree(root)).toEqual([
      '20261124000000001/0860000000017/0860000000017.xml',
      '20261124000000001/0860000000017/resources/0860000000017.jpg',
      '20261124000000001/0860000000017/resources/0860000000017_01_001.wav',
      '20261124000000001/BatchComplete_20261124000000001.xml',
    ]);
    expect((await readFile(join(root, '20261124000000001/0860000000017/resources/0860000000017_01_001.wav'))).equals(audio)).toBe(true);
    expect(await readFile(join(root, '20261124000000001/BatchComplete_20261124000000001.xml'), 'utf8')).toBe('<batch/>');
    // Written 0644, never group- or world-writable, whatever the library asks for by default.
    for (const path of await tree(root)) expect(((await stat(join(root, path))).mode & 0o777).toString(8)).toBe('644');
  });

  it('an upload interrupted halfway leaves no ERN and no BatchComplete, and a retry completes the same batch cleanly', async () => {
    const root = join(server.root, 'store-b');
    const broken = () =>
      Readable.from(
        (async function* () {
          yield audio.subarray(0, 1024 * 1024);
          throw new Error('connection to the blob store lost');
        })(),
      );
    const first = await openSftpSession(endpoint('store-b'), 10_000);
    await expect(first.send(bundle('20261124000000002', [file('resources/a.wav', audio, broken)]))).rejects.toThrow();
    await first.close();
    const afterFailure = await tree(root);
    expect(afterFailure.some((name) => name.endsWith('.xml'))).toBe(false);

    const retry = await openSftpSession(endpoint('store-b'), 10_000);
    await retry.send(bundle('20261124000000002', [file('resources/a.wav', audio)]));
    await retry.close();
    expect(await tree(root)).toEqual([
      '20261124000000002/0860000000017/0860000000017.xml',
      '20261124000000002/0860000000017/resources/a.wav',
      '20261124000000002/BatchComplete_20261124000000002.xml',
    ]);
    expect((await readFile(join(root, '20261124000000002/0860000000017/resources/a.wav'))).equals(audio)).toBe(true);
  });

  it('a store folder that is not writable fails the send with the server’s refusal', async () => {
    const locked = join(server.root, 'store-locked');
    await mkdir(locked);
    await chmod(locked, 0o555);
    const session = await openSftpSession(endpoint('store-locked'), 10_000);
    try {
      await expect(session.send(bundle('20261124000000003', [file('resources/a.wav', cover)]))).rejects.toThrow(/permission denied/i);
    } finally {
      await session.close();
    }
    expect(await readdir(locked)).toEqual([]);
  });

  it('refuses a server whose host key is not the pinned one, as the configuration’s fault', async () => {
    const wrong = 'SHA256:' + Buffer.alloc(32, 7).toString('base64').replace(/=+$/, '');
    const refusal = openSftpSession(endpoint('store-c', { hostKey: wrong }), 10_000);
    await expect(refusal).rejects.toBeInstanceOf(StoreAccessRefused);
    await expect(refusal).rejects.toThrow(`The SFTP server at ${server.host}:${server.port} did not present the pinned host key.`);
  });

  it('a key the server does not accept, or one that cannot be read, is the configuration’s fault, not a passing one', async () => {
    const keys = await mkdtemp(join(tmpdir(), 'sv-sftp-keys-'));
    try {
      const stranger = join(keys, 'id_ed25519');
      await promisify(execFile)('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', stranger]);
      const refused = openSftpSession(endpoint('store-e', { privateKeyFile: stranger }), 10_000);
      await expect(refused).rejects.toBeInstanceOf(StoreAccessRefused);
      await expect(refused).rejects.toThrow(`The SFTP server ${server.host} refused the credentials configured for ${server.username}@${server.host}.`);
      const missing = openSftpSession(endpoint('store-e', { privateKeyFile: join(keys, 'absent') }), 10_000);
      await expect(missing).rejects.toBeInstanceOf(StoreAccessRefused);
      await expect(missing).rejects.toThrow(/cannot be read \(ENOENT\)/);
      await writeFile(join(keys, 'garbage'), 'not a key');
      await expect(openSftpSession(endpoint('store-e', { privateKeyFile: join(keys, 'garbage') }), 10_000)).rejects.toBeInstanceOf(StoreAccessRefused);
    } finally {
      await rm(keys, { recursive: true, force: true });
    }
  });

  it('gives up an upload that stalls after the time-out, and stops one whose signal is aborted', async () => {
    /** Sends its first bytes, calls `then`, and sends nothing more: a stalled upload. */
    const stalled = (then: () => void = () => undefined) =>
      Readable.from(
        (async function* () {
          yield audio.subarray(0, 1024);
          then();
          await new Promise(() => undefined);
        })(),
      );
    const slow = await openSftpSession(endpoint('store-f'), 1_000);
    try {
      await expect(slow.send(bundle('20261124000000006', [file('resources/a.wav', audio, () => stalled())]))).rejects.toBeInstanceOf(TimeoutError);
    } finally {
      await slow.close();
    }
    const stopped = new AbortController();
    const cut = await openSftpSession(endpoint('store-g'), 60_000);
    // The lease is lost halfway through the upload: the connection is cut instead of waiting for the time-out.
    const sending = cut.send(bundle('20261124000000007', [file('resources/a.wav', audio, () => stalled(() => stopped.abort(new Error('the lease was lost'))))]), stopped.signal);
    await expect(sending).rejects.toThrow('the lease was lost');
    await cut.close();
    expect((await tree(join(server.root, 'store-g'))).some((name) => name.endsWith('.xml'))).toBe(false);
  });

  it('reads acknowledgement files once: listed, then archived to acks/processed', async () => {
    const root = join(server.root, 'store-d');
    await mkdir(join(root, 'acks'), { recursive: true });
    // The store's folder for us: we may read its acknowledgements and file them away.
    await chmod(join(root, 'acks'), 0o777);
    await writeFile(join(root, 'acks', 'ACK_20261124120000_0860000000017.xml'), '<ack/>');
    await writeFile(join(root, 'acks', 'notes.txt'), 'not an acknowledgement');
    const session = await openSftpSession(endpoint('store-d'), 10_000);
    try {
      const files = await session.acknowledgements();
      expect(files.map((entry) => [entry.name, entry.content.toString()])).toEqual([['ACK_20261124120000_0860000000017.xml', '<ack/>']]);
      await session.archiveAcknowledgement('ACK_20261124120000_0860000000017.xml');
      expect(await session.acknowledgements()).toEqual([]);
    } finally {
      await session.close();
    }
    expect(await readdir(join(root, 'acks', 'processed'))).toEqual(['ACK_20261124120000_0860000000017.xml']);
  });
});
