/** QC's limits, in one place; every rejection names the limit it applied. */
export const QC_LIMITS = {
  minSampleRateHz: 44_100,
  bitDepths: [16, 24] as readonly number[],
  minChannels: 1,
  maxChannels: 2,
  minDurationSeconds: 1,
  /** Quieter than this overall (RMS) is silence, not a quiet recording. */
  silenceRmsDbfs: -60,
  /** At or above this peak the signal has reached full scale. */
  clippingPeakDbfs: -0.1,
  /** Share of samples allowed at full scale before the track counts as clipped (0.01 %). */
  clippingTolerance: 0.0001,
  /** Fewer full-scale samples than this are never clipping (a single loud transient). */
  clippingMinSamples: 8,
  artworkMinPixels: 3000,
  artworkMaxPixels: 8000,
} as const;

/**
 * Stores whose own minimum track length is stricter than the platform's: a release bound for
 * them must meet theirs too. (A reference file for fingerprinting needs enough audio to match.)
 */
export const STORE_MIN_DURATION_SECONDS: Readonly<Record<string, number>> = {
  youtube_content_id: 30,
  audible_magic: 30,
};
