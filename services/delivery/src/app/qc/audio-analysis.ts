import { execFile } from 'node:child_process';

/** What ffprobe and ffmpeg (astats, ebur128) read from one audio file. */
export interface AudioAnalysis {
  decodable: boolean;
  /** ffmpeg's own words when the file could not be decoded. */
  decodeError: string | null;
  codec: string | null;
  container: string | null;
  sampleRateHz: number | null;
  /** The stored sample width (16, 24, 32); null for lossy codecs, which have none. */
  bitDepth: number | null;
  channels: number | null;
  durationSeconds: number | null;
  samples: number | null;
  peakDbfs: number | null;
  rmsDbfs: number | null;
  /** Occasions the signal reached its peak level (astats). */
  peakCount: number | null;
  integratedLufs: number | null;
  truePeakDbfs: number | null;
  loudnessRangeLu: number | null;
}

export interface AnalyserBinaries {
  ffmpeg: string;
  ffprobe: string;
}

const run = (binary: string, args: string[], timeoutMs: number) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
    execFile(binary, args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') {
        reject(new Error(`${binary} is not installed (the bring-up installs ffmpeg)`));
        return;
      }
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });

const numberOf = (text: string | undefined): number | null => {
  if (text === undefined) return null;
  if (/^-?inf/i.test(text.trim())) return Number.NEGATIVE_INFINITY;
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? value : null;
};

/** The last value of an `astats` "Overall" line such as `Peak level dB: -0.5`. */
const overall = (stderr: string, label: string): number | null => {
  const section = stderr.slice(stderr.lastIndexOf('] Overall'));
  const match = new RegExp(`${label.replace(/ /g, '\\s')}:\\s*(-?[\\w.]+)`).exec(section);
  return numberOf(match?.[1]);
};

const summary = (stderr: string, label: RegExp): number | null => {
  const section = stderr.slice(stderr.lastIndexOf('Summary:'));
  return numberOf(label.exec(section)?.[1]);
};

/** The analysis of a file that could not be read or decoded, with the reason. */
export const undecodable = (decodeError: string): AudioAnalysis => ({
  decodable: false,
  decodeError,
  codec: null,
  container: null,
  sampleRateHz: null,
  bitDepth: null,
  channels: null,
  durationSeconds: null,
  samples: null,
  peakDbfs: null,
  rmsDbfs: null,
  peakCount: null,
  integratedLufs: null,
  truePeakDbfs: null,
  loudnessRangeLu: null,
});

interface ProbeStream {
  codec_name?: string;
  sample_rate?: string;
  channels?: number;
  bits_per_raw_sample?: string;
  bits_per_sample?: number;
  duration?: string;
}

/** Reads the file with ffprobe, then decodes it whole through astats and ebur128 (EBU R128). */
export const analyseAudio = async (binaries: AnalyserBinaries, path: string, timeoutMs = 120_000): Promise<AudioAnalysis> => {
  const probe = await run(
    binaries.ffprobe,
    ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=codec_name,sample_rate,channels,bits_per_raw_sample,bits_per_sample,duration:format=duration,format_name', '-of', 'json', path],
    timeoutMs,
  );
  let stream: ProbeStream | undefined;
  let format: { duration?: string; format_name?: string } | undefined;
  try {
    const parsed = JSON.parse(probe.stdout || '{}') as { streams?: ProbeStream[]; format?: { duration?: string; format_name?: string } };
    stream = parsed.streams?.[0];
    format = parsed.format;
  } catch {
    stream = undefined;
  }
  const failed = (decodeError: string): AudioAnalysis => ({
    ...undecodable(decodeError),
    codec: stream?.codec_name ?? null,
    container: format?.format_name ?? null,
  });
  if (probe.code !== 0 || !stream) return failed(probe.stderr.trim().split('\n').at(-1) || 'no audio stream found');

  const decode = await run(
    binaries.ffmpeg,
    ['-hide_banner', '-nostats', '-xerror', '-i', path, '-map', '0:a:0', '-af', 'astats=metadata=0:measure_perchannel=none,ebur128=peak=true', '-f', 'null', '-'],
    timeoutMs,
  );
  const samples = overall(decode.stderr, 'Number of samples');
  if (decode.code !== 0 || !samples) {
    const lastError = decode.stderr.split('\n').filter((line) => /error|invalid/i.test(line)).at(-1);
    return failed(lastError?.trim() || 'the audio could not be decoded');
  }
  const rawBits = Number.parseInt(stream.bits_per_raw_sample ?? '', 10);
  const bitDepth = Number.isFinite(rawBits) && rawBits > 0 ? rawBits : stream.bits_per_sample && stream.bits_per_sample > 0 ? stream.bits_per_sample : null;
  return {
    decodable: true,
    decodeError: null,
    codec: stream.codec_name ?? null,
    container: format?.format_name ?? null,
    sampleRateHz: numberOf(stream.sample_rate),
    bitDepth,
    channels: stream.channels ?? null,
    durationSeconds: numberOf(format?.duration ?? stream.duration),
    samples,
    peakDbfs: overall(decode.stderr, 'Peak level dB'),
    rmsDbfs: overall(decode.stderr, 'RMS level dB'),
    peakCount: overall(decode.stderr, 'Peak count'),
    integratedLufs: summary(decode.stderr, /I:\s*(-?[\w.]+)\s*LUFS/),
    truePeakDbfs: summary(decode.stderr, /Peak:\s*(-?[\w.]+)\s*dBFS/),
    loudnessRangeLu: summary(decode.stderr, /LRA:\s*(-?[\w.]+)\s*LU/),
  };
};
