import type { MessagePlan } from '../ern/message-plan.ts';

/*
 * The ERN 4 release profile (DDEX Release Profiles 2.1) a message follows, named by its
 * ReleaseProfileVersionId. The profile decides the release list's shape: a Simple Audio Single
 * has no TrackReleases (clause 5.1.1(b)) and links its cover from the content item (5.4.1).
 */

export type Ern4ReleaseProfile = 'SimpleAudioSingle' | 'Audio';

/** The simple-single profile allows exactly one recording; everything else is an audio album. */
export const releaseProfileVersionId = (plan: MessagePlan): Ern4ReleaseProfile =>
  plan.input.release.type === 'single' && plan.tracks.length === 1 ? 'SimpleAudioSingle' : 'Audio';

/** Whether the message carries one TrackRelease per recording (the Audio profile does). */
export const hasTrackReleases = (plan: MessagePlan): boolean => releaseProfileVersionId(plan) === 'Audio';
