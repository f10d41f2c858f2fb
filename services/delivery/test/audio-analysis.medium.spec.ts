import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyseAudio } from '../src/app/qc/audio-analysis.ts';
import { checkTrackAudio } from '../src/app/qc/qc-rules.ts';
import { writeTone, type ToneOptions } from '@sv/testing';

const binaries = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' };

/** Real files decoded by the real ffmpeg: what QC measures and what it concludes. */
describe('audio analysis with ffmpeg', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sv-audio-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const analyse = async (name: string, options: ToneOptions) => analyseAudio(binaries, await writeTone(join(dir, name), options));

  const failedChecks = async (name: string, options: ToneOptions): Promise<string[]> => {
    const analysis = await analyse(name, options);
    return checkTrackAudio({ trackId: 't', name: 'Tone', hasAudio: true }, analysis, 1)
      .filter((check) => !check.passed)
      .map((check) => check.code);
  };

  it('measures a clean 4-second 24-bit 44.1 kHz stereo WAV, which passes every check', async () => {
    const analysis = await analyse('clean.wav', {});
    expect(analysis).toEqual(
      expect.objectContaining({ decodable: true, sampleRateHz: 44_100, bitDepth: 24, channels: 2, codec: 'pcm_s24le' }),
    );
    expect(analysis.durationSeconds).toBeCloseTo(4, 2);
    // The lavfi sine is generated at 1/8 of full scale in mono; spread to two channels it peaks near -21 dBFS.
    expect(analysis.peakDbfs).toBeCloseTo(-21.1, 0);
    expect(analysis.truePeakDbfs).toBeCloseTo(-21.1, 0);
    expect(analysis.integratedLufs).toBeGreaterThan(-25);
    expect(analysis.integratedLufs).toBeLessThan(-15);
    expect(await failedChecks('clean-again.wav', {})).toEqual([]);
  });

  it('reads FLAC as lossless with its bit depth', async () => {
    const analysis = await analyse('clean.flac', { codec: 'flac', sampleRate: 48_000 });
    expect(analysis).toEqual(expect.objectContaining({ decodable: true, codec: 'flac', sampleRateHz: 48_000, bitDepth: 24 }));
  });

  it.each<[string, ToneOptions, string[]]>([
    ['silent.wav', { silent: true }, ['audio_silent']],
    ['clipped.wav', { gainDb: 30 }, ['audio_clipping']],
    ['low-rate.wav', { sampleRate: 22_050 }, ['audio_sample_rate']],
    ['surround.wav', { channels: 6 }, ['audio_channels']],
    ['short.wav', { seconds: 0.5 }, ['audio_duration']],
    ['lossy.mp3', { codec: 'libmp3lame' }, ['audio_bit_depth']],
  ])('%s fails exactly %p', async (name, options, codes) => {
    expect(await failedChecks(name, options)).toEqual(codes);
  });

  it('calls a file that is not audio undecodable, with ffmpeg’s words', async () => {
    const path = join(dir, 'notes.wav');
    await writeFile(path, 'These are liner notes, not audio.\n'.repeat(100));
    const analysis = await analyseAudio(binaries, path);
    expect(analysis.decodable).toBe(false);
    expect(analysis.decodeError).toMatch(/\S/);
  });
});
