import { randomUUID } from 'node:crypto';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import {
  Messages,
  VideoEvents,
  type CreateVideoBody,
  type CursorMeta,
  type OffsetMeta,
  type PaginationQuery,
  type Principal,
  type UpdateVideoBody,
  type VideoStatus,
} from '@sv/contracts';
import { findPage, recordEvent } from '@sv/platform';
import { Video } from '../../db/entities/video.entity.ts';
import type { TenantPlanPort } from '../releases/ports.ts';
import { assignIsrc } from '../tracks/isrc.ts';
import { changeVisibleVideo, findVisibleVideo, visibleVideos } from './video-access.ts';
import { assertPlanAllowsVideo } from './video-plan.ts';
import { assertIsrcFree, isrcTaken, videoArtistOf, videoReleaseOf } from './video-references.ts';
import { DuplicateIsrcError, VideoFileMissingError, VideoStateConflictError } from './videos.errors.ts';

/** States in which a video is still the client's to change, submit or delete. */
const EDITABLE: readonly string[] = ['draft', 'rejected'];

const eventData = (video: Video) => ({
  video_id: video.id,
  title: video.title,
  status: video.status as VideoStatus,
  isrc: video.isrc ?? null,
  artist_id: video.artistId ?? null,
  release_id: video.releaseId ?? null,
});

/** Flushes, turning the live-ISRC unique index (a concurrent twin) into the spec's 409. */
const flushGuardingIsrc = async (em: EntityManager): Promise<void> => {
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new DuplicateIsrcError();
    throw error;
  }
};

/** Fields copied as they come (after the schema has trimmed and checked them). */
const applyPlainFields = (video: Video, input: UpdateVideoBody): void => {
  if (input.title !== undefined) video.title = input.title;
  if (input.video_type !== undefined) video.videoType = input.video_type;
  if (input.release_date !== undefined) video.releaseDate = input.release_date;
  if (input.genre !== undefined) video.genre = input.genre;
  if (input.explicit !== undefined) video.explicit = input.explicit;
  if (input.description !== undefined) video.description = input.description;
  if (input.language !== undefined) video.language = input.language;
};

/** POST /videos: a draft video; plan rule, artist, release and ISRC checked first. */
export const createVideo = async (
  em: EntityManager,
  plans: TenantPlanPort,
  principal: Principal,
  input: CreateVideoBody,
): Promise<Video> => {
  await assertPlanAllowsVideo(plans, principal);
  const tenantId = principal.tenant_id;
  const artistId = await videoArtistOf(em, principal, input.artist_id);
  const releaseId = await videoReleaseOf(em, principal, input.release_id);
  const isrc = input.isrc ?? null;
  await assertIsrcFree(em, tenantId, isrc);
  const now = new Date();
  const video = em.create(Video, {
    id: randomUUID(),
    tenantId,
    artistId,
    releaseId,
    title: input.title,
    videoType: input.video_type ?? 'music_video',
    status: 'draft',
    isrc,
    releaseDate: null,
    genre: null,
    explicit: false,
    description: null,
    language: null,
    rejectionReason: null,
    videoUrl: null,
    videoKey: null,
    mimeType: null,
    fileSize: null,
    width: null,
    height: null,
    durationMs: null,
    videoUploadedAt: null,
    submittedAt: null,
    approvedAt: null,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  });
  applyPlainFields(video, input);
  recordEvent(em, VideoEvents.created, tenantId, eventData(video));
  await flushGuardingIsrc(em);
  return video;
};

/** PATCH/PUT /videos/{uuid}: only supplied fields change; draft or rejected videos only. */
export const updateVideo = (em: EntityManager, principal: Principal, videoId: string, input: UpdateVideoBody): Promise<Video> =>
  changeVisibleVideo(em, principal, videoId, async (tx, video) => {
    if (!EDITABLE.includes(video.status)) throw new VideoStateConflictError(Messages.onlyDraftOrRejectedVideoUpdate, 'update');
    if (input.artist_id !== undefined) video.artistId = await videoArtistOf(tx, principal, input.artist_id);
    if (input.release_id !== undefined) video.releaseId = await videoReleaseOf(tx, principal, input.release_id);
    if (input.isrc !== undefined) {
      await assertIsrcFree(tx, video.tenantId, input.isrc, video.id);
      video.isrc = input.isrc;
    }
    applyPlainFields(video, input);
    video.updatedAt = new Date();
    await flushGuardingIsrc(tx);
    return video;
  });

/** DELETE /videos/{uuid}: soft delete of a draft or rejected video. */
export const deleteVideo = (em: EntityManager, principal: Principal, videoId: string): Promise<void> =>
  changeVisibleVideo(em, principal, videoId, async (tx, video) => {
    if (!EDITABLE.includes(video.status)) throw new VideoStateConflictError(Messages.onlyDraftOrRejectedVideoDelete, 'delete');
    const now = new Date();
    video.deletedAt = now;
    video.updatedAt = now;
    await tx.flush();
  });

/** POST /videos/{uuid}/submit: draft or rejected → pending, once a file is uploaded. */
export const submitVideo = async (em: EntityManager, plans: TenantPlanPort, principal: Principal, videoId: string): Promise<Video> => {
  await findVisibleVideo(em, principal, videoId);
  await assertPlanAllowsVideo(plans, principal);
  return changeVisibleVideo(em, principal, videoId, async (tx, video) => {
    if (!EDITABLE.includes(video.status)) throw new VideoStateConflictError(Messages.onlyDraftOrRejectedVideoSubmit, 'submit');
    if (!video.videoUrl) throw new VideoFileMissingError();
    const now = new Date();
    video.status = 'pending';
    video.rejectionReason = null;
    video.submittedAt = now;
    video.updatedAt = now;
    recordEvent(tx, VideoEvents.submitted, video.tenantId, eventData(video));
    await tx.flush();
    return video;
  });
};

/** POST /videos/{uuid}/approve: pending → approved; an ISRC is assigned when the video has none. */
export const approveVideo = (em: EntityManager, principal: Principal, videoId: string, isrcRegistrant: string): Promise<Video> =>
  changeVisibleVideo(em, principal, videoId, async (tx, video) => {
    if (video.status !== 'pending') throw new VideoStateConflictError(Messages.onlyPendingVideoApprove, 'approve');
    const now = new Date();
    video.isrc ??= await assignIsrc(tx, video.tenantId, isrcRegistrant, (isrc) => isrcTaken(tx, video.tenantId, isrc), now);
    video.status = 'approved';
    video.approvedAt = now;
    video.updatedAt = now;
    recordEvent(tx, VideoEvents.approved, video.tenantId, eventData(video));
    await flushGuardingIsrc(tx);
    return video;
  });

/** POST /videos/{uuid}/reject: pending → rejected with the reason stored. */
export const rejectVideo = (em: EntityManager, principal: Principal, videoId: string, reason: string): Promise<Video> =>
  changeVisibleVideo(em, principal, videoId, async (tx, video) => {
    if (video.status !== 'pending') throw new VideoStateConflictError(Messages.onlyPendingVideoReject, 'reject');
    video.status = 'rejected';
    video.rejectionReason = reason;
    video.updatedAt = new Date();
    recordEvent(tx, VideoEvents.rejected, video.tenantId, { ...eventData(video), reason });
    await tx.flush();
    return video;
  });

export interface VideoPage {
  videos: Video[];
  total: number;
  meta: OffsetMeta | CursorMeta;
}

/** GET /videos: the videos the principal may see, newest first, in offset or cursor mode. */
export const listVideos = async (
  em: EntityManager,
  principal: Principal,
  query: PaginationQuery & { status?: VideoStatus | undefined },
): Promise<VideoPage> => {
  const scope = { ...visibleVideos(principal), ...(query.status ? { status: query.status } : {}) };
  const page = await findPage(em, Video, scope, {
    query,
    order: [
      { property: 'createdAt', direction: 'desc', type: 'date' },
      { property: 'id', direction: 'desc', type: 'uuid' },
    ],
  });
  return { videos: page.rows, total: page.total, meta: page.meta };
};
