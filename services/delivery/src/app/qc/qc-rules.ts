import type { ReleaseSnapshot, TrackSnapshot } from '@sv/contracts';
import type { QcCheckResult } from '../../db/entities/qc-run.entity.ts';
import type { AudioAnalysis } from './audio-analysis.ts';
import { QC_LIMITS } from './qc-thresholds.ts';
import { titleStyleProblems } from './style-guide.ts';

/** What QC read from the files, beside the release's metadata. */
export interface QcEvidence {
  /** Per track uuid: the analysis of its audio, or null when it has none to analyse. */
  audio: ReadonlyMap<string, AudioAnalysis | null>;
  /** The stored cover as read from its bytes, or null when there is none (or it is unreadable). */
  artwork: { width: number; height: number; format: string } | null;
  /** The strictest minimum track length of the stores the release goes to. */
  minDurationSeconds: number;
}

const ISRC = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;
const UPC = /^\d{12,13}$/;

type Check = Omit<QcCheckResult, 'passed'>;

/** Builds the result list: `check(condition, …)` records a pass or a failure with its words. */
const collector = () => {
  const results: QcCheckResult[] = [];
  return {
    results,
    check: (passed: boolean, check: Check) => results.push({ ...check, passed }),
    note: (check: Check) => results.push({ ...check, passed: true }),
  };
};

const trackName = (track: TrackSnapshot): string => `Track ${track.disc_number > 1 ? `${track.disc_number}-` : ''}${track.position} ("${track.title}")`;

const formatDb = (value: number | null): string => (value === null ? 'unknown' : value === Number.NEGATIVE_INFINITY ? '-inf' : value.toFixed(1));

/** The file being checked: whose it is (for the messages) and whether there is one at all. */
export interface AudioSubject {
  trackId: string;
  /** How messages name it, e.g. `Track 2 ("Intro")`. */
  name: string;
  hasAudio: boolean;
}

const audioChecks = (add: ReturnType<typeof collector>, file: AudioSubject, analysis: AudioAnalysis | null | undefined, minDuration: number): void => {
  const subject = `track:${file.trackId}`;
  const name = file.name;
  if (!file.hasAudio) {
    add.check(false, { code: 'audio_missing', subject, message: `${name} has no audio file.` });
    return;
  }
  if (!analysis || !analysis.decodable) {
    add.check(false, { code: 'audio_undecodable', subject, message: `${name}: the audio file could not be decoded (${analysis?.decodeError ?? 'unreadable'}).` });
    return;
  }
  const rate = analysis.sampleRateHz ?? 0;
  add.check(rate >= QC_LIMITS.minSampleRateHz, {
    code: 'audio_sample_rate',
    subject,
    message: `${name}: the sample rate is ${rate} Hz; at least ${QC_LIMITS.minSampleRateHz} Hz is needed.`,
  });
  add.check(analysis.bitDepth !== null && QC_LIMITS.bitDepths.includes(analysis.bitDepth), {
    code: 'audio_bit_depth',
    subject,
    message:
      analysis.bitDepth === null
        ? `${name}: the audio is lossy (${analysis.codec ?? 'unknown codec'}); stores need lossless audio at 16 or 24 bit.`
        : `${name}: the audio is ${analysis.bitDepth}-bit; 16 or 24 bit is needed.`,
  });
  const channels = analysis.channels ?? 0;
  add.check(channels >= QC_LIMITS.minChannels && channels <= QC_LIMITS.maxChannels, {
    code: 'audio_channels',
    subject,
    message: `${name}: the audio has ${channels} channels; mono or stereo is needed (immersive mixes go in the Dolby Atmos slot).`,
  });
  const duration = analysis.durationSeconds ?? 0;
  add.check(duration >= minDuration, {
    code: 'audio_duration',
    subject,
    message: `${name}: the audio lasts ${duration.toFixed(2)} s; at least ${minDuration} s is needed.`,
  });
  add.check((analysis.rmsDbfs ?? Number.NEGATIVE_INFINITY) > QC_LIMITS.silenceRmsDbfs, {
    code: 'audio_silent',
    subject,
    message: `${name}: the audio is silent (overall level ${formatDb(analysis.rmsDbfs)} dBFS).`,
  });
  const atFullScale = (analysis.peakDbfs ?? Number.NEGATIVE_INFINITY) >= QC_LIMITS.clippingPeakDbfs ? (analysis.peakCount ?? 0) : 0;
  const clippedShare = analysis.samples ? atFullScale / analysis.samples : 0;
  add.check(atFullScale < QC_LIMITS.clippingMinSamples || clippedShare <= QC_LIMITS.clippingTolerance, {
    code: 'audio_clipping',
    subject,
    message: `${name}: the audio clips (${atFullScale} samples at full scale, ${(clippedShare * 100).toFixed(3)} % of the track).`,
  });
  add.note({
    code: 'audio_loudness',
    subject,
    message: `${name}: integrated loudness ${formatDb(analysis.integratedLufs)} LUFS, true peak ${formatDb(analysis.truePeakDbfs)} dBFS, loudness range ${formatDb(analysis.loudnessRangeLu)} LU.`,
  });
};

const metadataChecks = (add: ReturnType<typeof collector>, release: ReleaseSnapshot): void => {
  const subject = 'release';
  add.check(Boolean(release.artist?.name.trim()) || (release.tracks.length > 0 && release.tracks.every((track) => track.artist_name?.trim())), {
    code: 'display_artist',
    subject,
    message: 'The release has no display artist.',
  });
  add.check(UPC.test(release.upc), { code: 'upc', subject, message: 'The release has no valid UPC.' });
  add.check(Boolean(release.release_date), { code: 'release_date', subject, message: 'The release has no release date.' });
  add.check(release.genre.trim() !== '', { code: 'genre', subject, message: 'The release has no genre.' });
  add.check(release.tracks.length > 0, { code: 'tracks', subject, message: 'The release has no tracks.' });
  for (const problem of titleStyleProblems(release.title, 'The release title')) add.check(false, { ...problem, subject });

  const seen = new Set<string>();
  for (const track of release.tracks) {
    const trackSubject = `track:${track.uuid}`;
    const name = trackName(track);
    add.check(ISRC.test(track.isrc), { code: 'isrc', subject: trackSubject, message: `${name} has no valid ISRC.` });
    add.check(!seen.has(track.isrc), { code: 'isrc_duplicate', subject: trackSubject, message: `${name} repeats the ISRC ${track.isrc} of another track.` });
    seen.add(track.isrc);
    for (const problem of titleStyleProblems(track.title, `${name} title`)) add.check(false, { ...problem, subject: trackSubject });
    if (track.title_version !== null) {
      add.check(track.title_version.replace(/[()[\]\s-]/g, '') !== '', { code: 'title_version_empty', subject: trackSubject, message: `${name} has an empty version.` });
      for (const problem of titleStyleProblems(track.title_version, `${name} version`)) add.check(false, { ...problem, subject: trackSubject });
    }
    if (track.track_properties.includes('includes_ai')) {
      add.check(Boolean(track.ai_service || track.ai_service_other) && track.ai_elements.length > 0, {
        code: 'ai_disclosure',
        subject: trackSubject,
        message: `${name} is marked as including AI but does not name the AI service and the elements it made.`,
      });
    }
  }
};

const artworkChecks = (add: ReturnType<typeof collector>, release: ReleaseSnapshot, artwork: QcEvidence['artwork']): void => {
  const subject = 'artwork';
  if (!release.artwork || !artwork) {
    add.check(false, { code: 'artwork_missing', subject, message: release.artwork ? 'The cover artwork could not be read.' : 'The release has no cover artwork.' });
    return;
  }
  const { width, height } = artwork;
  add.check(width === height, { code: 'artwork_square', subject, message: `The cover artwork is ${width}x${height} pixels; it must be square.` });
  const smallest = Math.min(width, height);
  const largest = Math.max(width, height);
  add.check(smallest >= QC_LIMITS.artworkMinPixels && largest <= QC_LIMITS.artworkMaxPixels, {
    code: 'artwork_size',
    subject,
    message: `The cover artwork is ${width}x${height} pixels; it must be between ${QC_LIMITS.artworkMinPixels} and ${QC_LIMITS.artworkMaxPixels} pixels a side.`,
  });
};

/** The audio checks of one file alone (the audio validator runs them on each upload). */
export const checkTrackAudio = (file: AudioSubject, analysis: AudioAnalysis | null, minDurationSeconds: number): QcCheckResult[] => {
  const add = collector();
  audioChecks(add, file, analysis, minDurationSeconds);
  return add.results;
};

/** Every QC check of a release, passed and failed, in a stable order. Pure. */
export const runQcChecks = (release: ReleaseSnapshot, evidence: QcEvidence): QcCheckResult[] => {
  const add = collector();
  metadataChecks(add, release);
  for (const track of release.tracks) {
    const file = { trackId: track.uuid, name: trackName(track), hasAudio: track.audio !== null };
    audioChecks(add, file, evidence.audio.get(track.uuid), evidence.minDurationSeconds);
  }
  artworkChecks(add, release, evidence.artwork);
  return add.results;
};

const MAX_REASON = 2000;

/** The rejection reason: every failed check in plain words, within the reason's 2000 characters. */
export const rejectionReason = (results: readonly QcCheckResult[]): string => {
  const failed = results.filter((result) => !result.passed).map((result) => result.message);
  const head = `QC failed (${failed.length} problem${failed.length === 1 ? '' : 's'}): `;
  let reason = head;
  for (const [index, message] of failed.entries()) {
    const next = `${index === 0 ? '' : ' '}${message}`;
    const more = ` … and ${failed.length - index} more.`;
    if (reason.length + next.length + more.length > MAX_REASON) return reason + more;
    reason += next;
  }
  return reason;
};
