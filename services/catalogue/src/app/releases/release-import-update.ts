import type { EntityManager } from '@mikro-orm/postgresql';
import { TrackEvents, UpdateReleaseBody, type CreateTrackBody, type Principal, type UpdateTrackBody } from '@sv/contracts';
import { recordEvent } from '@sv/platform';
import { Release } from '../../db/entities/release.entity.ts';
import { Track } from '../../db/entities/track.entity.ts';
import { applyTrackFields } from '../tracks/track-fields.ts';
import { ReleaseNotDraftError } from '../tracks/tracks.errors.ts';
import { createTrack, trackEventData, type TrackSettings } from '../tracks/tracks.service.ts';
import { updateRelease, type ReleaseWriteDeps } from './releases.service.ts';

/** The existing track a message's track is: the same ISRC, or (without one) the same disc and position. */
const sameTrack = (input: CreateTrackBody, track: Track): boolean =>
  input.isrc ? track.isrc === input.isrc : track.discNumber === (input.disc_number ?? 1) && track.position === input.position;

/**
 * A message about a release the tenant already has: its fields change under the rules of PATCH
 * /releases/{uuid}, and its tracks become the message's (a track with the same ISRC is updated in
 * place, keeping its audio and credits; a new one is added; one the message no longer lists is
 * removed), which needs the release to be a draft. Runs inside the caller's transaction.
 */
export const updateReleaseFromImport = async (
  deps: ReleaseWriteDeps,
  tx: EntityManager,
  principal: Principal,
  releaseId: string,
  fields: Record<string, unknown>,
  trackInputs: CreateTrackBody[],
  settings: TrackSettings,
  placeError: (error: unknown, index: number) => unknown,
): Promise<{ release: Release; tracks: Track[] }> => {
  const { upc: _sameUpc, ...changes } = fields;
  const release = await updateRelease(deps, tx, principal, releaseId, UpdateReleaseBody.parse(changes));
  if (release.status !== 'draft') throw new ReleaseNotDraftError();
  const existing = await tx.find(Track, { releaseId, deletedAt: null });
  const matches = trackInputs.map((input) => existing.find((track) => sameTrack(input, track)));
  const now = new Date();
  // Out of the live position index first, so tracks may swap places without colliding.
  for (const track of existing) track.deletedAt = now;
  await tx.flush();
  const kept = new Set<Track>();
  for (const [index, input] of trackInputs.entries()) {
    const track = matches[index];
    if (!track || kept.has(track)) continue;
    kept.add(track);
    track.deletedAt = null;
    applyTrackFields(track, input as UpdateTrackBody);
    track.updatedAt = now;
    recordEvent(tx, TrackEvents.updated, principal.tenant_id, trackEventData(track));
  }
  for (const track of existing) if (!kept.has(track)) recordEvent(tx, TrackEvents.deleted, principal.tenant_id, trackEventData(track));
  await tx.flush();
  for (const [index, input] of trackInputs.entries()) {
    if (matches[index]) continue;
    try {
      await createTrack(tx, principal, releaseId, input, settings);
    } catch (error) {
      throw placeError(error, index);
    }
  }
  const tracks = await tx.find(Track, { releaseId, deletedAt: null }, { orderBy: { discNumber: 'asc', position: 'asc' } });
  return { release: await tx.findOneOrFail(Release, { id: releaseId }), tracks };
};
