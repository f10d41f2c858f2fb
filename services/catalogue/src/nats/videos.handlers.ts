import {
  CreateVideoBody,
  ListVideosQuery,
  Messages,
  RejectVideoBody,
  UpdateVideoBody,
  VideoOperation,
} from '@sv/contracts';
import { ValidationError, assertCan, created, noContent, ok, ownerUrls, parseOrThrow, type OperationTable } from '@sv/platform';
import type { CatalogueContext } from '../catalogue-context.ts';
import { findVisibleVideo } from '../app/videos/video-access.ts';
import { attachVideoFile } from '../app/videos/video-file.ts';
import { presentVideo } from '../app/videos/video.presenter.ts';
import {
  approveVideo,
  createVideo,
  deleteVideo,
  listVideos,
  rejectVideo,
  submitVideo,
  updateVideo,
} from '../app/videos/videos.service.ts';

/** The multipart field of POST /videos/{uuid}/upload (the route table's). */
const VIDEO_FIELD = 'video';

/** Thin adapters: parse, call one use-case on a forked ORM context, shape the reply. */
export const videoOperations = ({ orm, plans, blobs, config }: CatalogueContext): OperationTable => {
  const urlOf = ownerUrls(blobs, () => config.mediaUrlTtlSeconds);
  return {
    [VideoOperation.list]: async (request) => {
      const query = parseOrThrow(ListVideosQuery, request.query);
      const page = await listVideos(orm.em.fork(), request.principal, query);
      return ok({ videos: await Promise.all(page.videos.map((video) => presentVideo(video, urlOf))), total: page.total, meta: page.meta });
    },
    [VideoOperation.create]: async (request) => {
      assertCan(request.principal, 'videos.manage');
      const body = parseOrThrow(CreateVideoBody, request.body);
      const video = await createVideo(orm.em.fork(), plans, request.principal, body);
      return created({ video: await presentVideo(video, urlOf) });
    },
    [VideoOperation.get]: async (request) => {
      const video = await findVisibleVideo(orm.em.fork(), request.principal, request.params.uuid ?? '');
      return ok({ video: await presentVideo(video, urlOf) });
    },
    [VideoOperation.update]: async (request) => {
      assertCan(request.principal, 'videos.manage');
      const body = parseOrThrow(UpdateVideoBody, request.body ?? {});
      const video = await updateVideo(orm.em.fork(), request.principal, request.params.uuid ?? '', body);
      return ok({ video: await presentVideo(video, urlOf) });
    },
    [VideoOperation.delete]: async (request) => {
      assertCan(request.principal, 'videos.manage');
      await deleteVideo(orm.em.fork(), request.principal, request.params.uuid ?? '');
      return noContent();
    },
    [VideoOperation.upload]: async (request) => {
      assertCan(request.principal, 'videos.manage');
      const file = request.files.find((candidate) => candidate.field === VIDEO_FIELD);
      if (!file) throw new ValidationError({ [VIDEO_FIELD]: ['The video file is required.'] });
      const video = await attachVideoFile(orm.em.fork(), blobs, request.principal, request.params.uuid ?? '', file);
      return ok({ video: await presentVideo(video, urlOf) });
    },
    [VideoOperation.submit]: async (request) => {
      assertCan(request.principal, 'videos.manage');
      const video = await submitVideo(orm.em.fork(), plans, request.principal, request.params.uuid ?? '');
      return ok({ message: Messages.videoSubmitted, status: video.status });
    },
    [VideoOperation.approve]: async (request) => {
      assertCan(request.principal, 'videos.review');
      const video = await approveVideo(orm.em.fork(), request.principal, request.params.uuid ?? '', config.isrcRegistrant);
      return ok({ video: await presentVideo(video, urlOf) });
    },
    [VideoOperation.reject]: async (request) => {
      assertCan(request.principal, 'videos.review');
      const body = parseOrThrow(RejectVideoBody, request.body ?? {});
      const video = await rejectVideo(orm.em.fork(), request.principal, request.params.uuid ?? '', body.reason);
      return ok({ video: await presentVideo(video, urlOf) });
    },
  };
};
