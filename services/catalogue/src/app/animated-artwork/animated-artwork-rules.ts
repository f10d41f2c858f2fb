import { ANIMATED_ASSET_RULES, ANIMATED_RATIO_TOLERANCE, type AnimatedAssetType } from '@sv/contracts';
import type { MediaProbe } from './media-probe.ts';

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1).replace(/\.0$/, '')} s`;

/**
 * Every reason `probe` is not acceptable as `assetType`, in plain words; empty when it is.
 * Rules per type (documented in the README): aspect ratio within 1%, minimum pixel size,
 * duration range; an unreadable file fails with one reason.
 */
export const animatedArtworkErrors = (assetType: AnimatedAssetType, probe: MediaProbe | undefined): string[] => {
  if (!probe) return ['The file is not a readable MP4, MOV, WebM or GIF file.'];
  const rules = ANIMATED_ASSET_RULES[assetType];
  const errors: string[] = [];
  if (probe.problem) errors.push(probe.problem);
  if (probe.frames !== undefined && probe.frames < 2) errors.push('The GIF is not animated: it has a single frame.');

  const { width, height } = probe;
  if (width === null || height === null) {
    errors.push('The picture size could not be read from the file (no video track).');
  } else {
    const wanted = rules.ratio.width / rules.ratio.height;
    if (Math.abs(width / height - wanted) / wanted > ANIMATED_RATIO_TOLERANCE) {
      errors.push(
        `The aspect ratio must be ${rules.ratio.width}:${rules.ratio.height} (within 1%); the file is ${width}x${height}.`,
      );
    }
    if (width < rules.minWidth || height < rules.minHeight) {
      errors.push(`The file must be at least ${rules.minWidth}x${rules.minHeight} pixels; it is ${width}x${height}.`);
    }
  }

  if (probe.durationMs === null) {
    errors.push('The duration could not be read from the file.');
  } else if (probe.durationMs < rules.minDurationMs || probe.durationMs > rules.maxDurationMs) {
    errors.push(
      `The duration must be between ${seconds(rules.minDurationMs)} and ${seconds(rules.maxDurationMs)}; the file runs ${seconds(probe.durationMs)}.`,
    );
  }
  return errors;
};
