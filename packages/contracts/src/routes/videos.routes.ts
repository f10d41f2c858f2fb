import { Messages } from '../messages.ts';
import { CreateVideoBody, RejectVideoBody, UpdateVideoBody, VideoOperation } from '../videos.ts';
import { defineRoute } from './define-route.ts';
import { ListVideosQuery } from './requests/list-queries.ts';
import { UuidParams } from './requests/path-params.ts';
import { SubmitVideoReply, VideoListReply, VideoReply } from './responses/videos.ts';
import type { AnyRouteDefinition } from './route-definition.ts';

/** Videos change while draft or rejected and are reviewed while pending (409 otherwise). */
export const VIDEO_ROUTES: readonly AnyRouteDefinition[] = [
  defineRoute({
    method: 'POST',
    path: '/videos',
    service: 'catalogue',
    operation: VideoOperation.create,
    edge: { gate: 'videos.manage' },
    summary: 'Create a video in draft (title required; a blank isrc is assigned on approval).',
    request: { body: CreateVideoBody },
    responses: { 201: { description: 'The video, in draft.', body: VideoReply } },
    // 403: the plan lacks video distribution; 409: the ISRC is already used in the tenant.
    errors: [409],
  }),
  defineRoute({
    method: 'POST',
    path: '/videos/:uuid/submit',
    service: 'catalogue',
    operation: VideoOperation.submit,
    summary: 'Submit a draft or rejected video for review.',
    request: { params: UuidParams },
    responses: { 200: { description: "The video is pending: `{message, status:'pending'}`.", body: SubmitVideoReply } },
    // 422: no video file uploaded yet.
    errors: [409, 422],
  }),
  defineRoute({
    method: 'POST',
    path: '/videos/:uuid/upload',
    service: 'catalogue',
    operation: VideoOperation.upload,
    summary: 'Upload the video file (multipart field video; MP4 or MOV).',
    request: { params: UuidParams },
    upload: { field: 'video', kind: 'video' },
    responses: { 200: { description: 'The video with video_url, mime_type, file_size, width, height and duration_ms.', body: VideoReply } },
    errors: [409],
  }),
  defineRoute({
    method: 'GET',
    path: '/videos',
    service: 'catalogue',
    operation: VideoOperation.list,
    edge: { gate: 'anyone' },
    summary: 'List videos, newest first; filter by status.',
    request: { query: ListVideosQuery },
    responses: { 200: { description: 'A page of videos with total and meta.', body: VideoListReply } },
    paginated: 'page_or_cursor',
  }),
  defineRoute({
    method: 'GET',
    path: '/videos/:uuid',
    service: 'catalogue',
    operation: VideoOperation.get,
    edge: { gate: 'anyone', notFound: Messages.videoNotFound },
    summary: 'Get a video.',
    request: { params: UuidParams },
    responses: { 200: { description: 'The video.', body: VideoReply } },
  }),
  ...(['PATCH', 'PUT'] as const).map((method) =>
    defineRoute({
      method,
      path: '/videos/:uuid',
      service: 'catalogue',
      operation: VideoOperation.update,
      edge: { gate: 'videos.manage', absentBody: 'empty', notFound: Messages.videoNotFound },
      summary: 'Update a draft or rejected video; only the fields sent change.',
      request: { params: UuidParams, body: UpdateVideoBody },
      responses: { 200: { description: 'The video as updated.', body: VideoReply } },
      errors: [409],
    }),
  ),
  defineRoute({
    method: 'DELETE',
    path: '/videos/:uuid',
    service: 'catalogue',
    operation: VideoOperation.delete,
    edge: { gate: 'videos.manage', notFound: Messages.videoNotFound },
    summary: 'Delete a draft or rejected video (soft delete).',
    request: { params: UuidParams },
    responses: { 204: { description: 'Deleted.' } },
    errors: [409],
  }),
  defineRoute({
    method: 'POST',
    path: '/videos/:uuid/approve',
    service: 'catalogue',
    operation: VideoOperation.approve,
    summary: 'Approve a pending video; one without an ISRC is assigned one.',
    request: { params: UuidParams },
    responses: { 200: { description: 'The video, approved.', body: VideoReply } },
    errors: [409],
  }),
  defineRoute({
    method: 'POST',
    path: '/videos/:uuid/reject',
    service: 'catalogue',
    operation: VideoOperation.reject,
    edge: { gate: 'videos.review', absentBody: 'empty' },
    summary: 'Reject a pending video, with a reason.',
    request: { params: UuidParams, body: RejectVideoBody },
    responses: { 200: { description: 'The video, rejected, with rejection_reason.', body: VideoReply } },
    errors: [409],
  }),
];
