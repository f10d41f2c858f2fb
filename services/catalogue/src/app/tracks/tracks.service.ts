import { randomUUID } from 'node:crypto';
import { FlushMode, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { TrackEvents, type CreateTrackBody, type TrackProperty, type UpdateTrackBody } from '@sv/contracts';
import { ValidationError, recordEvent } from '@sv/platform';
import { Artist } from '../../db/entities/artist.entity.ts';
import { Track } from '../../db/entities/track.entity.ts';
import { Video } from '../../db/entities/video.entity.ts';
import { findVisibleRelease, type ReleaseViewer } from '../releases/release-access.ts';
import { NO_AI_DISCLOSURE, resolveAiDisclosure, type AiDisclosure } from './ai-disclosure.ts';
import { assignIsrc } from './isrc.ts';
import { findDraftRelease, findVisibleTrack, lockDraftRelease } from './track-access.ts';
import { applyTrackFields } from './track-fields.ts';
import {
  PreviewRangeError,
  TrackArtistNotInTenantError,
  TrackNotFoundError,
  isrcTaken,
  positionTaken,
} from './tracks.errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TrackSettings {
  /** Country and registrant code of auto-assigned ISRCs (config.isrcRegistrant). */
  isrcRegistrant: string;
}

export const trackEventData = (track: Track) => ({
  track_id: track.id,
  release_id: track.releaseId,
  title: track.title,
  isrc: track.isrc,
  iswc: track.iswc ?? null,
  position: track.position,
});

/** A track's artist_id must name a live artist of the caller's tenant (spec, rule 6). */
const assertArtistInTenant = async (em: EntityManager, tenantId: string, artistId: string | null | undefined) => {
  if (artistId === undefined || artistId === null) return;
  const artist = UUID.test(artistId) ? await em.findOne(Artist, { id: artistId, tenantId, deletedAt: null }, { fields: ['id'] }) : null;
  if (!artist) throw new TrackArtistNotInTenantError();
};

/** Applies the AI disclosure rules against what is stored; 422 with per-field messages otherwise. */
const applyAiDisclosure = (track: Track, stored: AiDisclosure, input: UpdateTrackBody): void => {
  const outcome = resolveAiDisclosure(stored, input);
  if (!outcome.ok) throw new ValidationError(outcome.errors);
  track.trackProperties = outcome.disclosure.trackProperties;
  track.aiService = outcome.disclosure.aiService;
  track.aiServiceOther = outcome.disclosure.aiServiceOther;
  track.aiElements = outcome.disclosure.aiElements;
};

const assertPreviewRange = (track: Track): void => {
  const start = track.previewStartSec;
  const end = track.previewEndSec;
  if (start !== null && start !== undefined && end !== null && end !== undefined && !(start < end)) throw new PreviewRangeError();
};

/** True when a live recording of the tenant (track or video) other than `exceptTrackId` has the ISRC. */
const isrcInUse = async (em: EntityManager, tenantId: string, isrc: string, exceptTrackId?: string): Promise<boolean> => {
  const track = await em.findOne(
    Track,
    { tenantId, isrc, deletedAt: null, ...(exceptTrackId ? { id: { $ne: exceptTrackId } } : {}) },
    { fields: ['id'] },
  );
  if (track) return true;
  return (await em.count(Video, { tenantId, isrc, deletedAt: null })) > 0;
};

const assertPositionFree = async (em: EntityManager, track: Track): Promise<void> => {
  const clash = await em.findOne(
    Track,
    { releaseId: track.releaseId, discNumber: track.discNumber, position: track.position, deletedAt: null, id: { $ne: track.id } },
    { fields: ['id'] },
  );
  if (clash) throw positionTaken(track.position, track.discNumber);
};

/**
 * Transactions of track changes write only at commit: the checks before it (free position, free
 * ISRC) must see the stored rows, not the change being made.
 */
/**
 * A new options object each time: the ORM writes the enclosing transaction into the options it
 * is given (options.ctx), so a shared object would carry one committed transaction into the next.
 */
export const trackTransaction = () => ({ flushMode: FlushMode.COMMIT });

/** Runs a track change in one transaction, turning a unique-index race into the spec's 409. */
const inTransaction = async <T>(em: EntityManager, work: (tx: EntityManager) => Promise<T>, track: () => Track | undefined): Promise<T> => {
  try {
    return await em.transactional(work, trackTransaction());
  } catch (error) {
    const current = track();
    if (error instanceof UniqueConstraintViolationException && current) {
      if (error.message.includes('track_tenant_isrc_live_uq')) throw isrcTaken(current.isrc);
      if (error.message.includes('track_release_disc_position_live_uq')) throw positionTaken(current.position, current.discNumber);
    }
    throw error;
  }
};

const storedDisclosure = (track: Track): AiDisclosure => ({
  trackProperties: track.trackProperties as TrackProperty[],
  aiService: track.aiService ?? null,
  aiServiceOther: track.aiServiceOther ?? null,
  aiElements: track.aiElements as AiDisclosure['aiElements'],
});

export const createTrack = async (
  em: EntityManager,
  viewer: ReleaseViewer,
  releaseId: string,
  input: CreateTrackBody,
  settings: TrackSettings,
): Promise<Track> => {
  let created: Track | undefined;
  return inTransaction(
    em,
    async (tx) => {
      const release = await findDraftRelease(tx, viewer, releaseId);
      await assertArtistInTenant(tx, viewer.tenant_id, input.artist_id);
      const now = new Date();
      const track = tx.create(Track, {
        id: randomUUID(),
        tenantId: viewer.tenant_id,
        releaseId: release.id,
        title: input.title,
        position: input.position,
        discNumber: 1,
        explicit: input.explicit,
        isrc: '',
        language: 'en',
        trackProperties: [],
        aiElements: [],
        albumOnly: false,
        instrumental: false,
        contributors: [],
        additionalArtists: [],
        localizedTitles: {},
        localizedTitleVersions: {},
        localizedLyrics: {},
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
      });
      created = track;
      applyTrackFields(track, input);
      applyAiDisclosure(track, NO_AI_DISCLOSURE, input);
      assertPreviewRange(track);
      await assertPositionFree(tx, track);
      if (input.isrc) {
        if (await isrcInUse(tx, viewer.tenant_id, input.isrc)) throw isrcTaken(input.isrc);
        track.isrc = input.isrc;
      } else {
        track.isrc = await assignIsrc(tx, viewer.tenant_id, settings.isrcRegistrant, (isrc) => isrcInUse(tx, viewer.tenant_id, isrc));
      }
      recordEvent(tx, TrackEvents.created, viewer.tenant_id, trackEventData(track));
      return track;
    },
    () => created,
  );
};

export const updateTrack = async (em: EntityManager, viewer: ReleaseViewer, trackId: string, input: UpdateTrackBody): Promise<Track> => {
  let updated: Track | undefined;
  return inTransaction(
    em,
    async (tx) => {
      const { track, release } = await findVisibleTrack(tx, viewer, trackId);
      await lockDraftRelease(tx, release, () => new TrackNotFoundError());
      await assertArtistInTenant(tx, viewer.tenant_id, input.artist_id);
      updated = track;
      const stored = storedDisclosure(track);
      applyTrackFields(track, input);
      applyAiDisclosure(track, stored, input);
      assertPreviewRange(track);
      if (input.position !== undefined || input.disc_number !== undefined) await assertPositionFree(tx, track);
      if (input.isrc && input.isrc !== track.isrc) {
        if (await isrcInUse(tx, viewer.tenant_id, input.isrc, track.id)) throw isrcTaken(input.isrc);
        track.isrc = input.isrc;
      }
      track.updatedAt = new Date();
      recordEvent(tx, TrackEvents.updated, viewer.tenant_id, trackEventData(track));
      return track;
    },
    () => updated,
  );
};

export const deleteTrack = async (em: EntityManager, viewer: ReleaseViewer, trackId: string): Promise<void> => {
  await em.transactional(async (tx) => {
    const { track, release } = await findVisibleTrack(tx, viewer, trackId);
    await lockDraftRelease(tx, release, () => new TrackNotFoundError());
    track.deletedAt = new Date();
    recordEvent(tx, TrackEvents.deleted, viewer.tenant_id, trackEventData(track));
  }, trackTransaction());
};

export const getTrack = async (em: EntityManager, viewer: ReleaseViewer, trackId: string): Promise<Track> =>
  (await findVisibleTrack(em, viewer, trackId)).track;

/** The live tracks of a visible release, by position (then disc). */
export const listTracks = async (em: EntityManager, viewer: ReleaseViewer, releaseId: string): Promise<Track[]> => {
  const release = await findVisibleRelease(em, viewer, releaseId);
  return em.find(
    Track,
    { releaseId: release.id, deletedAt: null },
    { orderBy: { position: 'asc', discNumber: 'asc', createdAt: 'asc', id: 'asc' } },
  );
};
