import { readFileSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { apiClient, eventually, poll, startPlatform, type TestPlatform } from '@sv/testing';
import { makeRelease, type Api, type StreamingRelease } from './support/streaming-world.ts';

/*
 * Report loads as jobs, and one load used twice. The operator command queues the load, follows its
 * job on stderr and prints the report as before; a file it cannot read fails the job at once with
 * the reason. A DSR loaded by the operator and then uploaded to finance as a sales report is loaded
 * by analytics again from finance's stored copy, and its streams are counted once, not twice.
 */

let platform: TestPlatform;
let db: pg.Client;
let filesDir: string;
let tenantId: string;
let owner: Api;
let release: StreamingRelease;
const TENANT = 'jobs-a';
/** The November the Basic Audio fixture reports. */
const NOVEMBER = 'from=2026-11-01&to=2026-11-30';

beforeAll(async () => {
  filesDir = await mkdtemp(join(tmpdir(), 'sv-analytics-jobs-'));
  platform = await startPlatform({ royalties: true, env: { SV_RATE_LIMIT_MULTIPLIER: '20' } });
  await platform.startAnalytics();
  tenantId = String((await platform.adminOk('tenant', 'create', '--slug', TENANT, '--name', 'Load jobs')).tenant.uuid);
  const artistId = String((await platform.adminOk('artist', 'create', '--tenant', TENANT, '--name', 'Nova', '--slug', 'nova')).artist.uuid);
  const key = async (...flags: string[]) => apiClient(platform.baseUrl, String((await platform.adminOk('key', 'create', '--tenant', TENANT, ...flags)).key));
  owner = await key('--role', 'owner');
  release = await makeRelease(await key('--role', 'artist', '--artist', artistId), 2);
  db = new pg.Client({ connectionString: platform.db.url });
  await db.connect();
}, 180_000);

afterAll(async () => {
  await db?.end();
  await platform?.stop();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
}, 120_000);

const writeReport = async (name: string, text: string): Promise<string> => {
  const path = join(filesDir, name);
  await writeFile(path, text);
  return path;
};

/**
 * The report intake's Basic Audio fixture with the release's ISRCs, all in pounds (finance takes
 * a file of the period's one currency). Streams by hand: the first recording 40 (S2) + 7 (S3), the
 * second 25 (S2); downloads and the release-level usage (T6) name no ISRC of a stream.
 */
const basicAudio = (): string =>
  readFileSync(new URL('../../../packages/reports/test/fixtures/basic-audio.tsv', import.meta.url), 'utf8')
    .replaceAll('GBABC2600001', release.tracks[0]!.isrc)
    .replaceAll('GBABC2600002', release.tracks[1]!.isrc)
    .replace('\tUSD\t0.054', '\tGBP\t0.054');

const novemberStreams = async (): Promise<Record<string, number>> => {
  const response = await owner(`/v1/analytics/streaming/tracks?${NOVEMBER}`);
  if (response.status !== 200) throw new Error(`tracks: ${response.status} ${response.text}`);
  const ours = new Set(release.tracks.map((track) => track.isrc));
  return Object.fromEntries((response.body.data.tracks as { isrc: string; streams: number }[]).filter((row) => ours.has(row.isrc)).map((row) => [row.isrc, row.streams]));
};

const jobRow = async (where: string, value: string) =>
  (await db.query(`select * from "analytics"."report_load_job" where "tenant_id" = $1 and ${where} = $2`, [tenantId, value])).rows[0] as Record<string, any> | undefined;

describe('report load jobs', () => {
  it('the operator command queues the load, shows its progress on stderr and prints the report; the job keeps it', async () => {
    const text = basicAudio().replace('MSG-BAP-2026-11', 'MSG-JOBS-PROGRESS');
    const path = await writeReport('progress.tsv', text);
    const run = await platform.adminCli('analytics', 'load', '--tenant', TENANT, '--file', path);
    expect(run.code).toBe(0);
    const report = run.json.report as Record<string, any>;
    expect(report).toMatchObject({ format: 'dsr', kind: 'streams', store: 'Streamhouse', size_bytes: (await stat(path)).size });

    const job = await jobRow(`"summary"->>'uuid'`, report.uuid);
    expect(job).toMatchObject({ status: 'completed', origin: 'operator', file_name: 'progress.tsv', error: null, attempts: 1 });
    expect(Number(job!.bytes_total)).toBe(report.size_bytes);
    expect(Number(job!.bytes_read)).toBe(report.size_bytes);
    expect(Number(job!.rows_read)).toBe(report.rows);
    expect(Number(job!.rows_matched)).toBe(report.matched.isrc + report.matched.upc);
    // The job's lines on stderr, the last one its end: the whole file read, its rows.
    const lines = run.stderr.trim().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^analytics load ${job!.id} queued: `));
    expect(lines.at(-1)).toBe(
      `analytics load ${job!.id} completed: ${(report.size_bytes / 1024 ** 2).toFixed(1)} MB of ${(report.size_bytes / 1024 ** 2).toFixed(1)} MB (100%), ` +
        `${report.rows} rows, ${report.matched.isrc + report.matched.upc} matched`,
    );
  }, 90_000);

  it('a file it cannot read fails its job at once with the reason, without a retry, and loads nothing', async () => {
    const files = async () => (await db.query(`select count(*)::int as "n" from "analytics"."report_file" where "tenant_id" = $1`, [tenantId])).rows[0].n as number;
    const before = await files();
    const cut = basicAudio().replace(/^FOOT.*\n/m, '');
    const queued = await platform.admin('analytics', 'load', '--tenant', TENANT, '--file', await writeReport('cut.tsv', cut), '--no-wait');
    expect(queued.code).toBe(0);
    expect(queued.json.job).toMatchObject({ status: 'queued', origin: 'operator', file_name: 'cut.tsv', summary: null, error: null });
    const ended = await eventually('the job to end', async () => {
      const row = await jobRow('"id"', queued.json.job.uuid);
      return row && (row.status === 'completed' || row.status === 'failed') ? row : undefined;
    });
    expect(ended).toMatchObject({ status: 'failed', attempts: 1, summary: null });
    expect(ended.error).toContain('The report file is malformed: ');
    expect(ended.error).toContain('the file ends without its FOOT record');
    expect(await files()).toBe(before);
  }, 90_000);

  it('a DSR loaded by the operator and uploaded to finance is loaded from finance’s copy, and its streams count once', async () => {
    const text = basicAudio();
    const first = await platform.adminOk('analytics', 'load', '--tenant', TENANT, '--file', await writeReport('streamhouse-2026-11.tsv', text));
    const once = { [release.tracks[0]!.isrc]: 40 + 7, [release.tracks[1]!.isrc]: 25 };
    expect(await novemberStreams()).toEqual(once);

    const period = await owner('/v1/finance/periods', { body: { code: `JOBS-${Date.now().toString(36)}`, starts_on: '2026-11-01', ends_on: '2026-11-30', currency: 'GBP' } });
    expect(period.status).toBe(201);
    const form = new FormData();
    form.append('sales_report', new Blob([text], { type: 'text/tab-separated-values' }), 'streamhouse-2026-11.tsv');
    const upload = await owner(`/v1/finance/periods/${period.body.period.uuid}/sales-reports`, { method: 'POST', raw: form });
    // The upload is a job of its own in finance where it answers 202; the report once it completes.
    let salesReportId: string;
    if (upload.status === 202) {
      const done = await poll('the sales report job', async () => {
        const response = await owner(`/v1/finance/sales-report-jobs/${upload.body.sales_report_job.uuid}`);
        return response.body.sales_report_job?.status === 'completed' || response.body.sales_report_job?.status === 'failed' ? response.body.sales_report_job : undefined;
      });
      expect(done).toMatchObject({ status: 'completed', error: null });
      salesReportId = done.sales_report_uuid;
    } else {
      expect(upload.status).toBe(201);
      salesReportId = upload.body.sales_report.uuid;
    }

    const job = await eventually(
      'analytics to load the sales report',
      async () => {
        const row = await jobRow('"source_ref"', `sales_report:${salesReportId}`);
        return row && (row.status === 'completed' || row.status === 'failed') ? row : undefined;
      },
      90_000,
    );
    expect(job).toMatchObject({ status: 'completed', origin: 'finance', error: null });
    // The same bytes: finance's copy replaced the operator's load, every row of it.
    expect(job.summary).toMatchObject({ sha256: first.report.sha256, rows: first.report.rows, replaced_rows: first.report.rows });
    expect(job.blob_key).not.toBe(null);
    expect(await novemberStreams()).toEqual(once);
    const loads = await db.query(`select count(*)::int as "n" from "analytics"."report_file" where "tenant_id" = $1 and "sha256" = $2`, [tenantId, first.report.sha256]);
    expect(loads.rows[0].n).toBe(1);
  }, 180_000);
});
