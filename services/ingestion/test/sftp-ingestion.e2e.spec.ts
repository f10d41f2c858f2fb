import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { Messages } from '@sv/contracts';
import { apiClient, startPlatform, startSftpServer, writeTone, type SftpServer, type TestPlatform } from '@sv/testing';
import ssh2 from 'ssh2';
import SftpClient from 'ssh2-sftp-client';
import { finishedJob, type Api } from './support/ingestion-world.ts';

/*
 * The SFTP drop folder against a real OpenSSH server, polled by two ingestion replicas at once:
 * the operator command gives a supplier its folder and key, complete deliveries become jobs with
 * source `sftp`, and each ends in done/ or failed/ with its report.
 */

const POLL_MS = 300;
const SAMPLES = new URL('../../../packages/ddex/test/fixtures/samples/', import.meta.url);
const sample = (path: string): string => readFileSync(new URL(path, SAMPLES), 'utf8');
const isrcsIn = (xml: string): string[] => [...new Set([...xml.matchAll(/<ISRC>([^<]+)<\/ISRC>/g)].map((match) => match[1]!))];

let sftp: SftpServer;
let platform: TestPlatform;
let reader: Api;
let supplier: Record<string, any>;
let session: SftpClient;
/** The second supplier: its own tenant, so its releases may reuse the samples' ISRCs and UPCs. */
let supplierB: Record<string, any>;
let readerB: Api;
let sessionB: SftpClient;
let scratch: string;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const waitFor = async <T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(100);
  }
};

const sftpJobs = async (): Promise<Record<string, any>[]> => (await reader('/v1/ingestion/jobs?source=sftp&limit=100')).body.jobs;

/** The report beside a finished delivery, once it is there. */
/** What the supplier's folders hold, to say where a delivery went when it is not where a test expects it. */
const foldersOf = async (client: SftpClient): Promise<string> => {
  const listed = await Promise.all(
    ['incoming', 'processing', 'done', 'failed'].map(async (folder) => `${folder}: ${(await client.list(folder)).map((entry) => entry.name).join(', ')}`),
  );
  const reports = await Promise.all(
    ['done', 'failed'].map(async (folder) =>
      Promise.all((await client.list(folder)).filter((entry) => entry.name.endsWith('.report.json')).map(async (entry) => String(await client.get(`${folder}/${entry.name}`)))),
    ),
  );
  return `${listed.join('; ')}\n${reports.flat().join('\n')}`;
};

const reportIn = (folder: 'done' | 'failed', name: string, client: SftpClient = session) =>
  waitFor(async () => {
    const path = `${folder}/${name}.report.json`;
    if (!(await client.exists(path))) return undefined;
    return JSON.parse(String(await client.get(path))) as Record<string, any>;
  }, `${folder}/${name}.report.json`).catch(async (error: unknown) => {
    throw new Error(`${String(error)}\n${await foldersOf(client)}`);
  });

beforeAll(async () => {
  sftp = await startSftpServer();
  platform = await startPlatform({ supplyChain: true, env: { SV_INGESTION_TICK_MS: '100' } });
  // Two replicas poll the same folders: the lease and the claim by rename let only one take a delivery.
  await platform.startIngestion(sftp.dropEnv(POLL_MS));
  await platform.startIngestion(sftp.dropEnv(POLL_MS));
  for (const slug of ['drop-a', 'drop-b', 'drop-c']) await platform.adminOk('tenant', 'create', '--slug', slug, '--name', `Label ${slug}`);
  reader = apiClient(platform.baseUrl, (await platform.adminOk('key', 'create', '--tenant', 'drop-a', '--role', 'owner', '--roster')).key as string);
  supplier = (await platform.adminOk('sftp', 'supplier', '--tenant', 'drop-a')).supplier as Record<string, any>;
  session = new SftpClient('supplier');
  await session.connect({ host: supplier.host, port: supplier.port, username: supplier.user, privateKey: supplier.private_key });
  readerB = apiClient(platform.baseUrl, (await platform.adminOk('key', 'create', '--tenant', 'drop-b', '--role', 'owner', '--roster')).key as string);
  supplierB = (await platform.adminOk('sftp', 'supplier', '--tenant', 'drop-b')).supplier as Record<string, any>;
  sessionB = new SftpClient('supplier-b');
  await sessionB.connect({ host: supplierB.host, port: supplierB.port, username: supplierB.user, privateKey: supplierB.private_key });
  scratch = await mkdtemp(join(tmpdir(), 'sv-drop-files-'));
}, 120_000);

afterAll(async () => {
  await session?.end().catch(() => undefined);
  await sessionB?.end().catch(() => undefined);
  if (scratch) await rm(scratch, { recursive: true, force: true });
  await platform?.stop();
  await sftp?.stop();
});

describe('sftp supplier (operator command)', () => {
  it('prints an account of its own and a key that logs in to the supplier folder, holding incoming, processing, done and failed', async () => {
    expect(supplier).toMatchObject({ tenant: 'drop-a', port: sftp.port, host_key: sftp.hostKey, folder: '/' });
    expect(supplier.user).toMatch(/^drop-drop-a-[0-9a-f]{12}$/);
    expect(supplierB.user).toMatch(/^drop-drop-b-[0-9a-f]{12}$/);
    expect(supplier.private_key).toContain('BEGIN OPENSSH PRIVATE KEY');
    expect(await session.cwd()).toBe('/');
    expect((await session.list('.')).map((entry) => entry.name).sort()).toEqual(['done', 'failed', 'incoming', 'processing']);
  });

  it('its key runs no command: sftp only', async () => {
    const output = await new Promise<string>((resolve, reject) => {
      const client = new ssh2.Client();
      client
        .on('ready', () => {
          client.exec('id', (error, stream) => {
            if (error) return reject(error);
            let text = '';
            stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
            stream.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
            stream.on('close', () => {
              client.end();
              resolve(text);
            });
          });
        })
        .on('error', reject)
        .connect({ host: supplier.host, port: supplier.port, username: supplier.user, privateKey: supplier.private_key });
    });
    expect(output).not.toContain('uid=');
    expect(output).toContain('sftp connections only');
  });

  it('a second run for the same tenant replaces the key and keeps the account and its folder', async () => {
    const again = (await platform.adminOk('sftp', 'supplier', '--tenant', 'drop-c')).supplier as Record<string, any>;
    const rotated = (await platform.adminOk('sftp', 'supplier', '--tenant', 'drop-c')).supplier as Record<string, any>;
    expect(rotated.user).toBe(again.user);
    const login = async (privateKey: string) => {
      const client = new SftpClient('rotation');
      try {
        await client.connect({ host: again.host, port: again.port, username: again.user, privateKey, readyTimeout: 5_000 });
        return true;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => undefined);
      }
    };
    expect(await login(rotated.private_key)).toBe(true);
    expect(await login(again.private_key)).toBe(false);
  });

  it('refuses an unknown tenant', async () => {
    const result = await platform.admin('sftp', 'supplier', '--tenant', 'no-such-tenant');
    expect(result.code).toBe(1);
  });
});

describe('the drop folder', () => {
  it('leaves an upload named *.part alone, then imports it once renamed, exactly once across two pollers', async () => {
    const xml = sample('ern43/4_SimpleAudioSingle.xml');
    await session.put(Buffer.from(xml), 'incoming/single.xml.part');
    await sleep(POLL_MS * 5);
    expect(await session.exists('incoming/single.xml.part')).toBe('-');
    expect(await sftpJobs()).toEqual([]);

    await session.rename('incoming/single.xml.part', 'incoming/single.xml');
    const report = await reportIn('done', 'single.xml');
    expect(await session.exists('done/single.xml')).toBe('-');
    expect(await session.exists('incoming/single.xml')).toBe(false);
    expect(report).toMatchObject({ delivery: 'single.xml', state: 'done', file_errors: {} });
    expect(report.jobs).toHaveLength(1);

    const jobs = await sftpJobs();
    expect(jobs).toHaveLength(1);
    const job = await finishedJob(reader, jobs[0]!.uuid);
    expect(job).toMatchObject({ source: 'sftp', state: 'completed', items_done: 1 });
    expect(job.files[0]).toMatchObject({ name: 'single.xml', size: Buffer.byteLength(xml) });
    const tracks = (await reader(`/v1/releases/${job.release_id}/tracks`)).body.tracks as { isrc: string }[];
    expect(tracks.map((track) => track.isrc).sort()).toEqual(isrcsIn(xml).sort());
  }, 60_000);

  it('holds a batch folder while any file in it is still *.part, then takes it with its BatchComplete marker, one job per message', async () => {
    const before = (await sftpJobs()).length;
    await session.mkdir('incoming/B1/R1', true);
    await session.mkdir('incoming/B1/R2', true);
    await session.put(Buffer.from(sample('ern42/1_Audio.xml')), 'incoming/B1/R1/R1.xml');
    await session.put(Buffer.from(sample('ern382/dedex_016_utf8_artists.xml')), 'incoming/B1/R2/R2.xml.part');
    await sleep(POLL_MS * 5);
    expect(await session.exists('incoming/B1/R1/R1.xml')).toBe('-');
    expect((await sftpJobs()).length).toBe(before);
    await session.put(Buffer.from('<BatchComplete/>'), 'incoming/B1/BatchComplete_B1.xml');
    await session.rename('incoming/B1/R2/R2.xml.part', 'incoming/B1/R2/R2.xml');

    const report = await reportIn('done', 'B1');
    expect(report.jobs.map((job: { file: string }) => job.file).sort()).toEqual(['B1/R1/R1.xml', 'B1/R2/R2.xml']);
    expect(report.jobs.every((job: { state: string }) => job.state === 'completed')).toBe(true);
    expect(await session.exists('done/B1/R1/R1.xml')).toBe('-');
    expect((await sftpJobs()).length - before).toBe(2);
  }, 60_000);

  it('moves a delivery whose message is refused to failed/, the report carrying the job\'s errors', async () => {
    // The same recording again: its ISRC is taken, so the job fails.
    await session.put(Buffer.from(sample('ern43/4_SimpleAudioSingle.xml')), 'incoming/again.xml');
    const report = await reportIn('failed', 'again.xml');
    expect(report.state).toBe('failed');
    expect(report.jobs).toEqual([
      expect.objectContaining({ file: 'again.xml', state: 'failed', validation_errors: { '/NewReleaseMessage/ReleaseList/Release.tracks[0].isrc': [expect.stringContaining('already used')] } }),
    ]);
    expect(await session.exists('failed/again.xml')).toBe('-');
  }, 60_000);

  it('moves a delivery holding no DDEX message to failed/ with the reason, and imports nothing', async () => {
    const before = (await sftpJobs()).length;
    await session.put(Buffer.from('<html><body>not a message</body></html>'), 'incoming/page.xml');
    const report = await reportIn('failed', 'page.xml');
    expect(report).toMatchObject({ state: 'failed', file_errors: { 'page.xml': [Messages.notDdex] }, jobs: [] });
    expect(await session.exists('failed/page.xml')).toBe('-');
    expect((await sftpJobs()).length).toBe(before);
  }, 60_000);
});

describe('files a message names, delivered beside it', () => {
  const md5Of = async (path: string) => createHash('md5').update(await readFile(path)).digest('hex');
  const TRACK_FILE = 'resources/190295810726_00001_LL.flac';

  it('refuses a release whose audio does not match the MD5 the message gives: nothing is imported', async () => {
    const flac = await writeTone(join(scratch, 'wrong.flac'), { seconds: 1, codec: 'flac' });
    await sessionB.mkdir('incoming/H1/resources', true);
    await sessionB.put(flac, `incoming/H1/${TRACK_FILE}`);
    await sessionB.put(Buffer.from(sample('ern43/4_SimpleAudioSingle.xml')), 'incoming/H1/H1.xml');
    await sessionB.put(Buffer.from('<BatchComplete/>'), 'incoming/H1/BatchComplete_H1.xml');

    const report = await reportIn('failed', 'H1', sessionB);
    expect(report.jobs).toEqual([
      expect.objectContaining({
        state: 'failed',
        release_ids: [],
        validation_errors: { '/NewReleaseMessage/ReleaseList/Release': [`${TRACK_FILE}: its MD5 checksum does not match the one the message gives.`] },
      }),
    ]);
    expect((await readerB('/v1/releases?limit=100')).body.releases).toEqual([]);
  }, 60_000);

  it('attaches the audio whose MD5 matches, exactly as an upload: the track reads back with its audio', async () => {
    const flac = await writeTone(join(scratch, 'right.flac'), { seconds: 1, codec: 'flac' });
    const xml = sample('ern43/4_SimpleAudioSingle.xml').replace('db7dd2f3bb9b322646e3f4d7b65b47ab', await md5Of(flac));
    await sessionB.mkdir('incoming/H2/resources', true);
    await sessionB.put(flac, `incoming/H2/${TRACK_FILE}`);
    await sessionB.put(Buffer.from(xml), 'incoming/H2/H2.xml');
    await sessionB.put(Buffer.from('<BatchComplete/>'), 'incoming/H2/BatchComplete_H2.xml');

    const report = await reportIn('done', 'H2', sessionB);
    expect(report.jobs[0]).toMatchObject({ state: 'completed', validation_errors: {} });
    const [track] = (await readerB(`/v1/releases/${report.jobs[0].release_ids[0]}/tracks`)).body.tracks as Record<string, any>[];
    expect(track).toMatchObject({ isrc: 'GBAYC1700598', mime_type: 'audio/flac', file_size: (await readFile(flac)).length });
    expect(track!.audio_url).toEqual(expect.any(String));
  }, 60_000);

  it('attaches the cover and every track of a 21-track album, and imports without the files that are missing, saying which', async () => {
    const xml = sample('ern43/1_Audio.xml');
    const names = [...xml.matchAll(/<URI>([^<]+\.wav)<\/URI>/g)].map((match) => match[1]!);
    expect(names).toHaveLength(21);
    // Everything is made before the upload starts: a folder that stops changing for two polls is taken as delivered,
    // and encoding the cover on a busy machine can take that long.
    const wav = await writeTone(join(scratch, 'track.wav'), { seconds: 1, codec: 'pcm_s16le' });
    const cover = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#884422' } }).jpeg({ quality: 80 }).toBuffer();
    await sessionB.mkdir('incoming/H3/R1', true);
    // The last file is left out on purpose.
    for (const name of names.slice(0, -1)) await sessionB.put(wav, `incoming/H3/R1/${name}`);
    await sessionB.put(cover, 'incoming/H3/R1/0094631432057.jpg');
    await sessionB.put(Buffer.from(xml), 'incoming/H3/R1/R1.xml');
    await sessionB.put(Buffer.from('<BatchComplete/>'), 'incoming/H3/BatchComplete_H3.xml');

    const report = await reportIn('done', 'H3', sessionB);
    const [job] = report.jobs;
    expect(job).toMatchObject({ state: 'completed', validation_errors: {} });
    const read = await readerB(`/v1/ingestion/jobs/${job.ingestion_job_id}`);
    expect(read.body.job.warnings).toEqual({ '/NewReleaseMessage/ReleaseList/Release': [`${names.at(-1)} was not delivered with the message; upload it through the API.`] });
    const releaseId = job.release_ids[0];
    expect((await readerB(`/v1/releases/${releaseId}`)).body.release.artwork_url).toEqual(expect.any(String));
    const tracks = (await readerB(`/v1/releases/${releaseId}/tracks`)).body.tracks as Record<string, any>[];
    expect(tracks).toHaveLength(21);
    expect(tracks.filter((track) => track.audio_url).length).toBe(20);
  }, 120_000);
});

describe('a CSV delivered with its files', () => {
  it("attaches each row's audio and the release's cover from beside the CSV, and says which named file is missing", async () => {
    // Made before the upload starts, as above.
    const wav = await writeTone(join(scratch, 'csv-track.wav'), { seconds: 1, codec: 'pcm_s16le' });
    const cover = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#225588' } }).jpeg({ quality: 80 }).toBuffer();
    await sessionB.mkdir('incoming/C1/audio', true);
    await sessionB.put(wav, 'incoming/C1/audio/one.wav');
    await sessionB.put(cover, 'incoming/C1/cover.jpg');
    const csv = [
      'title,type,release_date,genre,artist_name,track_title,explicit,artwork_file,audio_file',
      'Dropped CSV,ep,2027-03-05,Pop,Bee,One,no,cover.jpg,audio/one.wav',
      'Dropped CSV,ep,2027-03-05,Pop,Bee,Two,no,,audio/two.wav',
      '',
    ].join('\n');
    await sessionB.put(Buffer.from(csv), 'incoming/C1/releases.csv');
    await sessionB.put(Buffer.from('<BatchComplete/>'), 'incoming/C1/BatchComplete_C1.xml');

    const report = await reportIn('done', 'C1', sessionB);
    const [job] = report.jobs;
    expect(job).toMatchObject({ state: 'completed', validation_errors: {} });
    const read = (await readerB(`/v1/ingestion/jobs/${job.ingestion_job_id}`)).body.job;
    expect(Object.values(read.warnings).flat()).toEqual(['audio/two.wav was not delivered with the message; upload it through the API.']);
    const releaseId = job.release_ids[0];
    expect((await readerB(`/v1/releases/${releaseId}`)).body.release.artwork_url).toEqual(expect.any(String));
    const tracks = (await readerB(`/v1/releases/${releaseId}/tracks`)).body.tracks as Record<string, any>[];
    expect(tracks.map((track) => [track.title, track.mime_type])).toEqual([
      ['One', 'audio/wav'],
      ['Two', null],
    ]);
  }, 90_000);
});

describe('a replica starting', () => {
  /** Whether the supplier's key logs in right now. */
  const logsIn = async (): Promise<boolean> => {
    const client = new SftpClient('supplier-probe');
    try {
      await client.connect({ host: supplier.host, port: supplier.port, username: supplier.user, privateKey: supplier.private_key, readyTimeout: 5_000 });
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  };

  it("rewrites the server's key files from the database, so a lost file does not lock suppliers out", async () => {
    const file = join(sftp.keysDir, supplier.user);
    expect(await readFile(file, 'utf8')).toContain(String(supplier.public_key).split(' ')[1]);
    await writeFile(file, '');
    expect(await logsIn()).toBe(false);

    await platform.startIngestion(sftp.dropEnv(POLL_MS));
    await waitFor(async () => ((await logsIn()) ? true : undefined), 'the supplier key to log in again');
    // Every supplier's file is back, each with its own key.
    for (const each of [supplier, supplierB]) expect(await readFile(join(sftp.keysDir, each.user), 'utf8')).toContain(`restrict ${each.public_key}`);
  }, 60_000);
});
