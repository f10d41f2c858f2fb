import { addDecimals } from '../src/index.ts';
import { fixture, readDsr, sumOf } from './support/read-dsr.ts';

describe('an Audio-Visual profile file', () => {
  it('ties a video’s usages to the sound recording its cue names, and a release’s to its ICPN', async () => {
    const { report, rows, facts } = await readDsr(fixture('audio-visual.tsv'));
    expect(report.profile.id).toBe('AudioVisualProfile');
    // SU02 T1 (streams of video V1) + SU03.02 T3 (by the video's DSP id).
    expect(sumOf(rows, 'GBABC2600001', (row) => row.usages)).toBe(130 + 20);
    // SU04.01 T2 names the release R0: no ISRC, its ICPN.
    expect(rows.filter((row) => row.isrc === null).map((row) => [row.icpn, row.usages, row.usageKind, row.consumerPrice])).toEqual([['0602445790028', 2, 'download', '3.98']]);
    expect(addDecimals(...rows.filter((row) => row.netRevenue !== null).map((row) => row.netRevenue!))).toBe('1.25');
    expect(rows.every((row) => row.currency === 'EUR' && row.territory === 'NL' && row.displayArtist === 'Nova')).toBe(true);
    expect(facts.ignoredRecords).toEqual({});
  });
});
