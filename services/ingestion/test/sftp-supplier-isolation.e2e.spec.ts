import { readFileSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { eventually, startPlatform, startSftpServer, type SftpServer, type TestPlatform } from '@sv/testing';
import SftpClient from 'ssh2-sftp-client';

/*
 * The SFTP drop folder's boundaries against a real OpenSSH server: each supplier is its own
 * account, jailed by sshd in its own folder, and one delivery the poller cannot take (too many
 * files, nested too deep, unreadable) fails alone while every other supplier's goes on.
 */

const POLL_MS = 300;
const OWN_FOLDERS = ['done', 'failed', 'incoming', 'processing'];
const SAMPLES = new URL('../../../packages/ddex/test/fixtures/samples/', import.meta.url);
const sample = (path: string): Buffer => readFileSync(new URL(path, SAMPLES));

let sftp: SftpServer;
let platform: TestPlatform;
let supplierA: Record<string, any>;
let supplierB: Record<string, any>;
let sessionA: SftpClient;
let sessionB: SftpClient;
/** The suppliers' folders as the server's disk holds them: the paths a jailed session would have to reach. */
let folderOfA: string;
let folderOfB: string;

const connect = async (supplier: Record<string, any>): Promise<SftpClient> => {
  const client = new SftpClient(supplier.user);
  await client.connect({ host: supplier.host, port: supplier.port, username: supplier.user, privateKey: supplier.private_key });
  return client;
};

const names = async (client: SftpClient, path: string): Promise<string[]> => (await client.list(path)).map((entry) => entry.name).sort();

/** The report beside a finished delivery, once it is there. */
const reportIn = async (client: SftpClient, folder: 'done' | 'failed', name: string): Promise<Record<string, any>> => {
  const path = `${folder}/${name}.report.json`;
  await eventually(`${path} for ${name}`, async () => (await client.exists(path)) === '-', 60_000);
  return JSON.parse(String(await client.get(path))) as Record<string, any>;
};

/** Uploads under a dot-name (never taken), then renames: the poller sees the delivery whole or not at all. */
const deliverWhole = async (client: SftpClient, name: string, upload: (staging: string) => Promise<void>): Promise<void> => {
  const staging = `incoming/.${name}`;
  await upload(staging);
  await client.rename(staging, `incoming/${name}`);
};

beforeAll(async () => {
  sftp = await startSftpServer();
  platform = await startPlatform({ supplyChain: true, env: { SV_INGESTION_TICK_MS: '100' } });
  await platform.startIngestion(sftp.dropEnv(POLL_MS));
  for (const slug of ['iso-a', 'iso-b']) await platform.adminOk('tenant', 'create', '--slug', slug, '--name', `Label ${slug}`);
  supplierA = (await platform.adminOk('sftp', 'supplier', '--tenant', 'iso-a')).supplier as Record<string, any>;
  supplierB = (await platform.adminOk('sftp', 'supplier', '--tenant', 'iso-b')).supplier as Record<string, any>;
  sessionA = await connect(supplierA);
  sessionB = await connect(supplierB);
  const folderOf = async (slug: string) => join(sftp.dropRoot, (await readdir(sftp.dropRoot)).find((name) => name.startsWith(`${slug}-`))!);
  folderOfA = await folderOf('iso-a');
  folderOfB = await folderOf('iso-b');
}, 120_000);

afterAll(async () => {
  await sessionA?.end().catch(() => undefined);
  await sessionB?.end().catch(() => undefined);
  await platform?.stop();
  await sftp?.stop();
});

describe('each supplier is jailed in its own folder by the server', () => {
  it('gives each supplier an account of its own', () => {
    expect(supplierA.user).not.toBe(supplierB.user);
    expect(supplierA.user).not.toBe(sftp.username);
    expect(supplierA.folder).toBe('/');
  });

  it("shows supplier A only its own folder: '..', '../..' and '/' are it; the drop root, B's folder, the stores' area and the host key are not there", async () => {
    for (const path of ['.', '..', '../..', '/']) expect(await names(sessionA, path)).toEqual(OWN_FOLDERS);
    await expect(sessionA.list(sftp.dropRoot)).rejects.toThrow(/no such file/i);
    await expect(sessionA.list(folderOfB)).rejects.toThrow(/no such file/i);
    await expect(sessionA.list(join(folderOfB, 'incoming'))).rejects.toThrow(/no such file/i);
    await expect(sessionA.list(sftp.root)).rejects.toThrow(/no such file/i);
    expect(await sessionA.exists(join(dirname(sftp.dropRoot), 'host_key'))).toBe(false);
  });

  it("lets supplier A neither write into B's folder nor change its own jail", async () => {
    await expect(sessionA.put(sample('ern43/4_SimpleAudioSingle.xml'), join(folderOfB, 'incoming', 'planted.xml'))).rejects.toThrow();
    await expect(sessionA.put(Buffer.from('x'), '/planted.xml')).rejects.toThrow(/permission denied/i);
    await expect(sessionA.chmod('..', 0o700)).rejects.toThrow(/permission denied/i);
    await expect(sessionA.mkdir('/elsewhere')).rejects.toThrow(/permission denied/i);
    await expect(sessionA.rename('incoming', 'elsewhere')).rejects.toThrow(/permission denied/i);

    expect(await readdir(join(folderOfB, 'incoming'))).toEqual([]);
    expect(await names(sessionB, 'incoming')).toEqual([]);
    expect(await names(sessionA, '/')).toEqual(OWN_FOLDERS);
    expect((await stat(folderOfA)).mode & 0o777).toBe(0o755);
  });

  it("imports A's own upload, and its report is readable by A and writable by the poller alone", async () => {
    await sessionA.put(sample('ern43/4_SimpleAudioSingle.xml'), 'incoming/own.xml.part');
    await sessionA.rename('incoming/own.xml.part', 'incoming/own.xml');
    const report = await reportIn(sessionA, 'done', 'own.xml');
    expect(report).toMatchObject({ delivery: 'own.xml', state: 'done', file_errors: {} });
    expect(report.jobs).toEqual([expect.objectContaining({ file: 'own.xml', state: 'completed' })]);
    expect((await sessionA.stat('done/own.xml.report.json')).mode & 0o777).toBe(0o644);
  }, 90_000);
});

describe('one delivery the poller cannot take holds up no other', () => {
  it("fails a delivery of more than 1,000 files, one nested more than five deep and a file the poller may not read, each with its reason, while B's delivery imports", async () => {
    await deliverWhole(sessionA, 'HUGE', async (staging) => {
      await sessionA.mkdir(staging);
      const indexes = Array.from({ length: 1_001 }, (_, index) => index);
      // A few at a time: one session carries many requests at once.
      for (let start = 0; start < indexes.length; start += 50) {
        await Promise.all(indexes.slice(start, start + 50).map((index) => sessionA.put(Buffer.from(`${index}`), `${staging}/f-${index}.txt`)));
      }
    });
    await deliverWhole(sessionA, 'DEEP', async (staging) => {
      await sessionA.mkdir(`${staging}/1/2/3/4/5/6`, true);
      await sessionA.put(sample('ern43/4_SimpleAudioSingle.xml'), `${staging}/1/2/3/4/5/6/deep.xml`);
    });
    await deliverWhole(sessionA, 'locked.xml', async (staging) => {
      await sessionA.put(sample('ern43/4_SimpleAudioSingle.xml'), staging);
      await sessionA.chmod(staging, 0o600);
    });
    await sessionB.put(sample('ern43/4_SimpleAudioSingle.xml'), 'incoming/fine.xml.part');
    await sessionB.rename('incoming/fine.xml.part', 'incoming/fine.xml');

    const fine = await reportIn(sessionB, 'done', 'fine.xml');
    expect(fine.jobs).toEqual([expect.objectContaining({ file: 'fine.xml', state: 'completed' })]);

    expect(await reportIn(sessionA, 'failed', 'HUGE')).toMatchObject({ state: 'failed', file_errors: { HUGE: ['A delivery holds at most 1000 files.'] }, jobs: [] });
    expect(await reportIn(sessionA, 'failed', 'DEEP')).toMatchObject({ state: 'failed', file_errors: { DEEP: ['Folders nest deeper than 5 levels.'] }, jobs: [] });
    expect(await reportIn(sessionA, 'failed', 'locked.xml')).toMatchObject({
      state: 'failed',
      file_errors: { 'locked.xml': ['The file could not be read: permission denied.'] },
      jobs: [],
    });
    expect(await names(sessionA, 'incoming')).toEqual([]);
    expect(await sessionA.exists('failed/HUGE/f-1000.txt')).toBe('-');
  }, 180_000);
});
