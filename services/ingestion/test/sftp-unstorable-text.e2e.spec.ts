import { apiClient, startPlatform, startSftpServer, type SftpServer, type TestPlatform } from '@sv/testing';
import SftpClient from 'ssh2-sftp-client';
import type { Api } from './support/ingestion-world.ts';

/*
 * The SFTP drop folder against a real OpenSSH server: a CSV delivered with a NUL in a cell fails
 * its job at once, the job error and the report beside the file in failed/ naming the row and
 * column, and no release is made. It used to reach the catalogue as a 500, the job retried for ever.
 */

const POLL_MS = 300;

let sftp: SftpServer;
let platform: TestPlatform;
let reader: Api;
let session: SftpClient;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The report beside a finished delivery in failed/, once it is there. */
const failedReport = async (name: string, timeoutMs = 60_000): Promise<Record<string, any>> => {
  const deadline = Date.now() + timeoutMs;
  const path = `failed/${name}.report.json`;
  while (!(await session.exists(path))) {
    if (Date.now() > deadline) throw new Error(`no ${path}; done/ holds ${(await session.list('done')).map((entry) => entry.name).join(', ')}`);
    await sleep(100);
  }
  return JSON.parse(String(await session.get(path))) as Record<string, any>;
};

beforeAll(async () => {
  sftp = await startSftpServer();
  platform = await startPlatform({ env: { SV_INGESTION_TICK_MS: '100' } });
  await platform.startIngestion(sftp.dropEnv(POLL_MS));
  await platform.adminOk('tenant', 'create', '--slug', 'drop-nul', '--name', 'Label NUL');
  reader = apiClient(platform.baseUrl, (await platform.adminOk('key', 'create', '--tenant', 'drop-nul', '--role', 'owner', '--roster')).key as string);
  const supplier = (await platform.adminOk('sftp', 'supplier', '--tenant', 'drop-nul')).supplier as Record<string, any>;
  session = new SftpClient('supplier');
  await session.connect({ host: supplier.host, port: supplier.port, username: supplier.user, privateKey: supplier.private_key });
}, 120_000);

afterAll(async () => {
  await session?.end().catch(() => undefined);
  await platform?.stop();
  await sftp?.stop();
});

it('a delivered CSV with a NUL in a cell: the job fails at once naming the row and column, the delivery goes to failed/, nothing is imported', async () => {
  const csv = ['title,type,release_date,genre,artist_name,track_title,explicit', 'Clean,single,2027-03-05,Pop,Bee,Fine,no', 'Dirty,single,2027-03-05,Pop,Bee,Bad\u0000Title,no', ''].join('\n');
  await session.put(Buffer.from(csv, 'utf8'), 'incoming/nul.csv');

  const report = await failedReport('nul.csv');
  expect(report.jobs).toHaveLength(1);
  const [job] = report.jobs;
  expect(job).toMatchObject({ state: 'failed', error: expect.stringContaining('row 3, column track_title') });
  expect(Object.keys(job.validation_errors)).toEqual(['row 3, column track_title']);
  expect(Number((await reader('/v1/releases?per_page=1')).body.total)).toBe(0);
}, 90_000);
