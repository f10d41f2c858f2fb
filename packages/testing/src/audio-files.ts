import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ToneOptions {
  seconds?: number;
  sampleRate?: number;
  channels?: number;
  /** ffmpeg codec: pcm_s24le, pcm_s16le, flac, libmp3lame… */
  codec?: string;
  /** Gain in dB applied to a sine at -18 dBFS; +30 drives it far into clipping. */
  gainDb?: number;
  /** A silent file instead of a tone. */
  silent?: boolean;
}

/** Writes a real audio file with ffmpeg (a sine tone, or silence) and returns its path. */
export const writeTone = async (path: string, options: ToneOptions = {}): Promise<string> => {
  const seconds = options.seconds ?? 4;
  const rate = options.sampleRate ?? 44_100;
  const source = options.silent ? `anullsrc=r=${rate}:cl=mono` : `sine=frequency=440:sample_rate=${rate}:duration=${seconds}`;
  await run('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', source,
    '-t', String(seconds),
    '-af', `volume=${options.gainDb ?? 0}dB`,
    '-ac', String(options.channels ?? 2),
    '-ar', String(rate),
    '-c:a', options.codec ?? 'pcm_s24le',
    path,
  ]);
  return path;
};
