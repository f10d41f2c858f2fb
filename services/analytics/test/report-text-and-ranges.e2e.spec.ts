import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eventually } from '@sv/testing';
import { csvStreams, dsrFile } from './support/report-fixtures.ts';
import { makeRelease, reportFile, useStreamingWorld, type StreamingRelease } from './support/streaming-world.ts';

/*
 * Inputs no read or load may turn into a 500 or a stall, through the gateway and the operator
 * command: analytics ranges wider than a read covers, and report files holding NUL (loaded by the
 * operator command, or dropped in the drop folder beside good files).
 */

const world = useStreamingWorld();

const DAY_MS = 86_400_000;
const daysAgo = (days: number): string => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

let nova: StreamingRelease;

beforeAll(async () => {
  nova = await makeRelease(world.a.nova, 1);
}, 60_000);

const streamLine = (store: string, title: string) => ({ date: daysAgo(3), store, territory: 'GB', isrc: nova.tracks[0]!.isrc, title, artist: 'Nova', streams: 7 });
const reportFiles = async () => (await world.db.query(`select count(*)::int as "files" from "analytics"."report_file"`)).rows[0].files as number;

describe('analytics ranges', () => {
  /** Every read that takes from and to (markets, stores and playlists ignore them: the latest window only). */
  const RANGE_READS = [
    '/v1/analytics/overview',
    '/v1/analytics/by-release',
    '/v1/analytics/by-territory',
    '/v1/analytics/by-dsp',
    '/v1/analytics/time-series',
    '/v1/analytics/streaming/summary',
    '/v1/analytics/streaming/daily',
    '/v1/analytics/streaming/tracks',
    '/v1/analytics/streaming/charts',
  ];

  it.each(RANGE_READS)('%s refuses 0001-01-01 to 9999-12-31 to an artist key: 422 naming from', async (path) => {
    const response = await world.a.nova(`${path}?from=0001-01-01&to=9999-12-31`);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ from: ['The from date may be at most 3660 days before the to date.'] });
  });

  it("refuses it on an artist's report too, and answers a range of ten years", async () => {
    const wide = await world.a.nova(`/v1/analytics/artist/${world.a.novaId}?from=0001-01-01&to=9999-12-31`);
    expect([wide.status, Object.keys(wide.body.errors ?? {})]).toEqual([422, ['from']]);
    const decade = await world.a.nova(`/v1/analytics/time-series?from=2020-01-01&to=2029-12-31`);
    expect(decade.status).toBe(200);
    expect(decade.body.data.time_series).toHaveLength(120);
  });

  it('leaves the latest-window reads alone: they take no range, so any from and to are ignored', async () => {
    for (const path of ['/v1/analytics/streaming/markets', '/v1/analytics/streaming/stores', '/v1/analytics/streaming/playlists']) {
      expect((await world.a.nova(`${path}?from=0001-01-01&to=9999-12-31`)).status).toBe(200);
    }
  });

  it('refuses a range in the year 0, which has no days to store, naming the field', async () => {
    const zero = await world.a.nova('/v1/analytics/time-series?from=0000-01-01&to=0000-12-31');
    expect([zero.status, Object.keys(zero.body.errors ?? {})]).toEqual([422, ['from']]);
    const early = await world.a.nova('/v1/analytics/streaming/daily?to=0001-01-02');
    expect([early.status, Object.keys(early.body.errors ?? {})]).toEqual([422, ['to']]);
  });
});

describe('a report file holding NUL', () => {
  it('is refused by the operator command naming line and column (CSV and DSR), and changes nothing', async () => {
    const before = await reportFiles();
    const csv = csvStreams([streamLine('NulStore', 'Fine'), streamLine('NulStore', 'Bad\u0000title')]);
    const refused = await world.platform.admin('analytics', 'load', '--tenant', world.a.slug, '--file', await reportFile(world, 'nul.csv', csv));
    expect(refused.code).toBe(1);
    expect(refused.json.error).toBe('The report file is malformed: line 3, column 6: contains a NUL character');

    const dsr = dsrFile({
      sender: 'NulCo',
      messageId: `NUL-${daysAgo(3)}`,
      start: daysAgo(3),
      end: daysAgo(3),
      blocks: [
        {
          release: { icpn: null, artist: 'Nova', title: 'Nul\u0000Release' },
          resources: [{ isrc: nova.tracks[0]!.isrc, title: 'Song', artist: 'Nova', usages: [{ model: 'SubscriptionModel', useType: 'OnDemandStream', territory: 'GB', count: 3 }] }],
        },
      ],
    });
    const refusedDsr = await world.platform.admin('analytics', 'load', '--tenant', world.a.slug, '--file', await reportFile(world, 'nul.tsv', dsr));
    expect(refusedDsr.code).toBe(1);
    expect(refusedDsr.json.error).toMatch(/^The report file is malformed: line \d+, column 10: contains a NUL character$/);
    expect(await reportFiles()).toBe(before);
  }, 90_000);

  it('goes to failed/ with its reason from the drop folder, and the good file after it still loads', async () => {
    const folder = join(world.dropDir, world.a.tenantId);
    await mkdir(folder, { recursive: true });
    const place = async (name: string, text: string) => {
      await writeFile(join(folder, `.${name}`), text);
      await rename(join(folder, `.${name}`), join(folder, name));
    };
    // Names sort the bad file first: it must not hold up the one after it.
    await place('a-nul.csv', csvStreams([streamLine('DropNul', 'Bad\u0000title')]));
    await place('b-good.csv', csvStreams([streamLine('DropGood', 'Good title')]));

    await eventually(
      'both dropped files to be dealt with',
      () => existsSync(join(folder, 'failed', 'a-nul.csv.error.txt')) && existsSync(join(folder, 'loaded', 'b-good.csv')),
      30_000,
    );
    expect(existsSync(join(folder, 'failed', 'a-nul.csv'))).toBe(true);
    expect(existsSync(join(folder, 'a-nul.csv'))).toBe(false);
    expect(await readFile(join(folder, 'failed', 'a-nul.csv.error.txt'), 'utf8')).toContain('line 2, column 6: contains a NUL character');
    const stores = (await world.db.query(`select distinct "store" from "analytics"."report_file" where "tenant_id" = $1 order by "store"`, [world.a.tenantId])).rows.map((row) => row.store);
    expect(stores).toContain('DropGood');
    expect(stores).not.toContain('DropNul');
  }, 90_000);
});
