import type { MessagePlan } from '../ern/message-plan.ts';

/*
 * DDEX's Common Release Types profiles (version 1.4) for ERN 3: a one-track single, or an album
 * of music. Both album profiles (music only, music and speech) share one identifier, which
 * Release Profile 1.4, clause 3.2 (rule 1129-1), gives as `CommonReleaseTypes/14/AudioAlbum`.
 */

const isAudioSingle = (plan: MessagePlan): boolean => plan.input.release.type === 'single' && plan.tracks.length === 1;

export const releaseProfileVersionId382 = (plan: MessagePlan): string =>
  isAudioSingle(plan) ? 'CommonReleaseTypes/14/AudioSingle' : 'CommonReleaseTypes/14/AudioAlbum';

/**
 * The main release's ReleaseType is the profile's: the Audio Album profile has the main release
 * be an Album (clause 4.4(3), rule 1141-1), so an EP is sent as an Album in ERN 3; ERN 4 keeps EP.
 */
export const releaseType382 = (plan: MessagePlan): 'Single' | 'Album' => (isAudioSingle(plan) ? 'Single' : 'Album');
