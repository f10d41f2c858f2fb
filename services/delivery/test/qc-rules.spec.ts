import type { ReleaseSnapshot, TrackSnapshot } from '@sv/contracts';
import { audioSnapshot, releaseSnapshot, trackSnapshot } from '@sv/testing';
import type { AudioAnalysis } from '../src/app/qc/audio-analysis.ts';
import { rejectionReason, runQcChecks, type QcEvidence } from '../src/app/qc/qc-rules.ts';
import { titleStyleProblems } from '../src/app/qc/style-guide.ts';

const track = (overrides: Partial<TrackSnapshot> = {}): TrackSnapshot =>
  trackSnapshot({ uuid: '00000000-0000-4000-8000-000000000001', isrc: 'QZSVD2600001', title: 'First Light', duration_seconds: 4, audio: audioSnapshot(1, 4), ...overrides });

const release = (overrides: Partial<ReleaseSnapshot> = {}): ReleaseSnapshot =>
  releaseSnapshot({ status: 'qc_inspection', title: 'Morning Songs', tracks: [track()], ...overrides });

const cleanAudio: AudioAnalysis = {
  decodable: true,
  decodeError: null,
  codec: 'pcm_s24le',
  container: 'wav',
  sampleRateHz: 44_100,
  bitDepth: 24,
  channels: 2,
  durationSeconds: 4,
  samples: 352_800,
  peakDbfs: -18,
  rmsDbfs: -21,
  peakCount: 1900,
  integratedLufs: -20.5,
  truePeakDbfs: -18,
  loudnessRangeLu: 0,
};

const evidence = (audio: Partial<AudioAnalysis> | null = {}, overrides: Partial<QcEvidence> = {}): QcEvidence => ({
  audio: new Map([[track().uuid, audio === null ? null : { ...cleanAudio, ...audio }]]),
  artwork: { width: 3000, height: 3000, format: 'jpeg' },
  minDurationSeconds: 1,
  ...overrides,
});

const failedCodes = (snapshot: ReleaseSnapshot, proof: QcEvidence) =>
  runQcChecks(snapshot, proof)
    .filter((check) => !check.passed)
    .map((check) => check.code);

describe('QC rules', () => {
  it('passes a complete release with clean audio and a 3000x3000 cover, and records its loudness', () => {
    const checks = runQcChecks(release(), evidence());
    expect(checks.filter((check) => !check.passed)).toEqual([]);
    expect(checks.find((check) => check.code === 'audio_loudness')?.message).toContain('-20.5 LUFS');
  });

  it.each([
    ['audio_sample_rate', { sampleRateHz: 22_050 }, '22050 Hz'],
    ['audio_bit_depth', { bitDepth: 8 }, '8-bit'],
    ['audio_bit_depth', { bitDepth: null, codec: 'mp3' }, 'lossy (mp3)'],
    ['audio_channels', { channels: 6 }, '6 channels'],
    ['audio_duration', { durationSeconds: 0.5 }, '0.50 s'],
    ['audio_silent', { rmsDbfs: Number.NEGATIVE_INFINITY }, 'silent'],
    ['audio_clipping', { peakDbfs: 0, peakCount: 5000 }, 'clips'],
    ['audio_undecodable', { decodable: false, decodeError: 'Invalid data found' }, 'Invalid data found'],
  ])('fails %s with its reason in plain words', (code, audio, words) => {
    const checks = runQcChecks(release(), evidence(audio));
    const failed = checks.filter((check) => !check.passed);
    expect(failed.map((check) => check.code)).toEqual([code]);
    expect(failed[0]?.message).toContain(words);
    expect(failed[0]?.message).toContain('Track 1 ("First Light")');
  });

  it('tolerates a few full-scale samples (a transient), not sustained clipping', () => {
    expect(failedCodes(release(), evidence({ peakDbfs: 0, peakCount: 3 }))).toEqual([]);
    expect(failedCodes(release(), evidence({ peakDbfs: 0, peakCount: 30 }))).toEqual([]);
    expect(failedCodes(release(), evidence({ peakDbfs: 0, peakCount: 36 }))).toEqual(['audio_clipping']);
    // Loud but below full scale is not clipping however often it peaks.
    expect(failedCodes(release(), evidence({ peakDbfs: -1, peakCount: 100_000 }))).toEqual([]);
  });

  it('applies a store minimum length stricter than the platform minimum', () => {
    expect(failedCodes(release(), evidence({ durationSeconds: 4 }, { minDurationSeconds: 30 }))).toEqual(['audio_duration']);
  });

  it('names a missing audio file and a missing cover', () => {
    const snapshot = release({ artwork: null, tracks: [track({ audio: null })] });
    const checks = runQcChecks(snapshot, evidence(null, { artwork: null }));
    const failed = checks.filter((check) => !check.passed);
    expect(failed.map((check) => check.code)).toEqual(['audio_missing', 'artwork_missing']);
    expect(rejectionReason(checks)).toBe(
      'QC failed (2 problems): Track 1 ("First Light") has no audio file. The release has no cover artwork.',
    );
  });

  it.each([
    [{ width: 3000, height: 2999 }, ['artwork_square', 'artwork_size']],
    [{ width: 2000, height: 2000 }, ['artwork_size']],
    [{ width: 9000, height: 9000 }, ['artwork_size']],
    [{ width: 8000, height: 8000 }, []],
  ])('checks the cover %o', (size, codes) => {
    expect(failedCodes(release(), evidence({}, { artwork: { ...size, format: 'jpeg' } }))).toEqual(codes);
  });

  it('checks metadata: display artist, UPC, release date, genre, ISRC, duplicates, AI disclosure, versions', () => {
    const snapshot = release({
      artist: null,
      upc: '',
      release_date: null,
      genre: ' ',
      tracks: [
        track({ isrc: 'bad', title_version: '  ', track_properties: ['includes_ai'], ai_elements: [] }),
        track({ uuid: '00000000-0000-4000-8000-000000000002', position: 2 }),
        track({ uuid: '00000000-0000-4000-8000-000000000003', position: 3 }),
      ],
    });
    expect(failedCodes(snapshot, evidence())).toEqual(
      expect.arrayContaining(['display_artist', 'upc', 'release_date', 'genre', 'isrc', 'title_version_empty', 'ai_disclosure', 'isrc_duplicate']),
    );
  });

  it('keeps the reason within 2000 characters and says how many problems it left out', () => {
    const many = Array.from({ length: 60 }, (_, index) =>
      track({ uuid: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`, isrc: `QZSVD26${String(index).padStart(5, "0")}`, position: index + 1, title: `A rather long track title number ${index}`, audio: null }),
    );
    const reason = rejectionReason(runQcChecks(release({ tracks: many }), evidence(null)));
    expect(reason.length).toBeLessThanOrEqual(2000);
    expect(reason).toMatch(/^QC failed \(60 problems\): /);
    expect(reason).toMatch(/… and \d+ more\.$/);
  });
});

describe('store style guide for titles', () => {
  it.each([
    ['Summer (Explicit)', ['title_style_explicit']],
    ['Summer - Clean Version', ['title_style_explicit']],
    ['Summer (feat. Someone)', ['title_style_featuring']],
    ['Summer ft. Someone', ['title_style_featuring']],
    ['SUMMER IN THE CITY', ['title_style_caps']],
    ['Summer in the City', []],
    ['DNA', []],
    ['Cleaner Air', []],
    ['Feather', []],
  ])('%s', (title, codes) => {
    expect(titleStyleProblems(title, 'The title').map((problem) => problem.code)).toEqual(codes);
  });
});
