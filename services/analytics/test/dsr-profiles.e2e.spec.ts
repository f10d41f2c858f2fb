import { adminLoad, makeRelease, reportFile, useStreamingWorld, type StreamingRelease } from './support/streaming-world.ts';

/*
 * DSRs of profiles other than Basic Audio, loaded by the operator command and read back through
 * the gateway: a YouTube-style UGC report loads its usages as stream rows, counts the record types
 * it leaves unread, and a profile the intake does not read is refused, naming it, with nothing loaded.
 */

const world = useStreamingWorld();

let nova: StreamingRelease;
/** A recording no catalogue holds. */
const UNKNOWN_ISRC = 'ZZX002600001';
/** The quarter the UGC report covers; reads name it (it is older than the default 90 days). */
const QUARTER = 'from=2026-07-01&to=2026-09-30';

/**
 * A UGC report of the quarter, written as a video platform writes it: two summaries (US ad-supported,
 * DE subscription), Nova's two songs and a stranger's, usages (SU03) with periods of their own,
 * the user videos that used them (RU01), a licensor's share (LI01) and musical works (MW01).
 */
const ugcReport = (): string =>
  [
    'HEAD\tdsrf/30\tUGCProfile\t1.1\tMSG-UGC-2026-Q3\t2026-10-10T12:00:00Z\t1\t1\t2026-07-01\t2026-09-30\tPADPIDA2026VIDEOX\tVideohost\tAdSupport-music',
    'SY02.01\t1\t\t\tAdvertisementSupportedModel\tStream\tUS\tAdSupport-music\t500000\t\tUSD\t1250.40',
    'SY02.01\t2\t\t\tSubscriptionModel\tStream\tDE\tPremium-music\t80000\t\tEUR\t410.00',
    `AS01\t1\tA1\tVIDRES1\t${nova.tracks[0]!.isrc}\tSong 1\t\tNova\t\tPT3M30S\tSoundRecording`,
    'MW01.01\t1\tW1\t\tSONG 1\t\tN. Writer',
    'RU01\t1\t1\tvidA|vidB\t1200|345',
    'SU03.01\t1\tU1\t1\tVIDRES1\t1545\t3.09\t20260701\t20260731',
    'LI01.01\t1\t1\tLABELX\t\t\t1.0000\tMakeAvailableRight\t3.09\t2.163',
    'SU03.01\t1\tU2\t1\tVIDRES1\t2210\t4.42\t20260801\t20260930',
    'SU03.01\t1\tU3\t2\tVIDRES1\t100\t0.55\t20260701\t20260930',
    `AS01\t2\tA2\tVIDRES2\t${nova.tracks[1]!.isrc}\tSong 2\t\tNova\t\tPT2M58S\tSoundRecording`,
    'MW01.01\t2\tW2\t\tSONG 2\t\tN. Writer',
    'SU03.01\t2\tU4\t1\tVIDRES2\t709\t1.418\t20260701\t20260930',
    `AS01\t3\tA3\tVIDRES3\t${UNKNOWN_ISRC}\tNot Ours\t\tStranger\t\tPT2M00S\tSoundRecording`,
    'SU03.01\t3\tU5\t2\tVIDRES3\t40\t0.02\t20260701\t20260930',
    'FOOT\t16\t16\t2\t3\t3',
    '',
  ].join('\n');

/** A radio broadcast report: a profile the intake does not read. */
const RADIO_REPORT = [
  'HEAD\tdsrf/1.1.2/1.6/1.0\tRadioBroadcastProfile\t1.0\tMSG-RADIO-2026-09\t2026-10-01T00:00:00Z\t1\t1\t2026-09-01\t2026-09-30\tPADPIDA2026RADIOX\tRadiohouse',
  'SY07\tS1\tMorning show\tGB',
  'BR01\tB1\tGBABC2600001\t12',
  'BR01\tB2\tGBABC2600002\t4',
  'FOOT\t5\t5\t1\t2\t2',
  '',
].join('\n');

const tracksOfTheQuarter = async () => {
  const response = await world.a.owner(`/v1/analytics/streaming/tracks?${QUARTER}`);
  if (response.status !== 200) throw new Error(`tracks: ${response.status} ${response.text}`);
  return response.body.data.tracks as Record<string, unknown>[];
};

const reportFiles = async (): Promise<number> =>
  (await world.db.query(`select count(*)::int as "files" from "analytics"."report_file" where "tenant_id" = $1`, [world.a.tenantId])).rows[0].files as number;

describe('DSR profiles beyond Basic Audio', () => {
  beforeAll(async () => {
    nova = await makeRelease(world.a.nova, 2);
  }, 60_000);

  it('loads a UGC report: its usages as stream rows per recording, the record types it leaves unread counted', async () => {
    const report = await adminLoad(world, world.a.slug, await reportFile(world, 'videohost-2026-q3.tsv', ugcReport()));
    expect(report).toMatchObject({
      file_name: 'videohost-2026-q3.tsv',
      store: 'Videohost',
      format: 'dsr',
      kind: 'streams',
      first_day: '2026-07-01',
      last_day: '2026-09-30',
      rows: 5,
      skipped_rows: 0,
      ignored_records: { 'MW01.01': 2 },
      matched: { isrc: 4, upc: 0, unmatched: 1 },
    });

    expect(await tracksOfTheQuarter()).toEqual([
      // U1 + U2 (US) + U3 (DE).
      { isrc: nova.tracks[0]!.isrc, title: 'Song 1', artist: 'Nova', release_uuid: nova.id, track_uuid: nova.tracks[0]!.id, streams: 1545 + 2210 + 100, downloads: 0 },
      // U4.
      { isrc: nova.tracks[1]!.isrc, title: 'Song 2', artist: 'Nova', release_uuid: nova.id, track_uuid: nova.tracks[1]!.id, streams: 709, downloads: 0 },
      // U5: not the tenant's recording, counted unmatched.
      { isrc: UNKNOWN_ISRC, title: 'Not Ours', artist: 'Stranger', release_uuid: null, track_uuid: null, streams: 40, downloads: 0 },
    ]);
  }, 90_000);

  it('refuses a profile it does not read, naming it and the record types the file holds, and loads nothing', async () => {
    const before = { files: await reportFiles(), tracks: await tracksOfTheQuarter() };
    const refused = await world.platform.admin('analytics', 'load', '--tenant', world.a.slug, '--file', await reportFile(world, 'radiohouse-2026-09.tsv', RADIO_REPORT));
    expect(refused.code).toBe(1);
    expect(refused.json.error).toMatch(
      /^The report file is malformed: line 1, column Profile: the profile "RadioBroadcastProfile" version "1\.0" is not one this reader knows \(.*\); the file holds HEAD 1, SY07 1, BR01 2, FOOT 1$/,
    );
    expect(await reportFiles()).toBe(before.files);
    expect(await tracksOfTheQuarter()).toEqual(before.tracks);
  }, 90_000);

  it('refuses a file of a profile it reads whose usage records yield no row, naming the profile and the record types', async () => {
    const before = await reportFiles();
    // A UGC report whose usages are all Basic Audio stream records (SU02), which UGC is not read
    // through; its licensor share, which would follow a UGC usage, is a musical work instead.
    const misfiled = ugcReport()
      .replace(/^SU03\.01\t(\d)\tU\d\t(\d)\tVIDRES\d\t(\d+)\t[^\n]*$/gm, 'SU02\t$1\t$2\tT\t\tA1\ttrue\t$3')
      .replace(/^LI01\.01\t[^\n]*$/m, 'MW01.01\t1\tW3\t\tSONG 1 (EDIT)\t\tN. Writer');
    const refused = await world.platform.admin('analytics', 'load', '--tenant', world.a.slug, '--file', await reportFile(world, 'videohost-misfiled.tsv', misfiled));
    expect(refused.code).toBe(1);
    expect(refused.json.error).toBe(
      'The report file is malformed: the UGCProfile 1.1 file yields no usage rows: it holds HEAD 1, SY02.01 2, AS01 3, MW01.01 3, RU01 1, SU02 5, FOOT 1, ' +
        'and its usages are read from SU03 records',
    );
    expect(await reportFiles()).toBe(before);
  }, 90_000);

  it('answers the days a file covers as its header’s period, widened where a usage names an earlier one', async () => {
    const text = ugcReport()
      .replace('\tMSG-UGC-2026-Q3\t', '\tMSG-CLIP-2026-Q3\t')
      .replace('\tVideohost\t', '\tClipshare\t')
      .replace('\tU5\t2\tVIDRES3\t40\t0.02\t20260701\t', '\tU5\t2\tVIDRES3\t40\t0.02\t20260620\t');
    const report = await adminLoad(world, world.a.slug, await reportFile(world, 'clipshare-2026-q3.tsv', text));
    expect(report).toMatchObject({ store: 'Clipshare', first_day: '2026-06-20', last_day: '2026-09-30', rows: 5 });
  }, 90_000);
});
