import { Messages } from '../messages.ts';
import { CreateTrackBody, TrackOperation, UpdateTrackBody } from '../tracks.ts';
import { defineRoute } from './define-route.ts';
import { UuidParams } from './requests/path-params.ts';
import { AudioUploadReply, TrackListReply, TrackReply } from './responses/tracks.ts';
import type { AnyRouteDefinition } from './route-definition.ts';

const AUDIO_PATH = '/tracks/:uuid/audio';

const audioUpload = (path: string) =>
  defineRoute({
    method: 'POST',
    path,
    service: 'catalogue',
    operation: TrackOperation.audio,
    summary: 'Upload the track audio (multipart field audio; WAV, FLAC, AIFF, MP3 or AAC); synchronous.',
    request: { params: UuidParams },
    upload: { field: 'audio', kind: 'audio', missingMessage: Messages.noAudioFile },
    rate: 'audio_upload',
    responses: { 200: { description: 'The stored file: `{success, message, data:{audio_url}}`.', body: AudioUploadReply } },
    errors: [409],
    ...(path === AUDIO_PATH ? {} : { aliasOf: AUDIO_PATH }),
  });

/** Tracks change only while their release is a draft (409 otherwise). */
export const TRACK_ROUTES: readonly AnyRouteDefinition[] = [
  defineRoute({
    method: 'GET',
    path: '/releases/:uuid/tracks',
    service: 'catalogue',
    operation: TrackOperation.list,
    edge: { gate: 'anyone', notFound: Messages.releaseNotFound },
    summary: "List the release's tracks, ordered by position.",
    request: { params: UuidParams },
    responses: { 200: { description: 'The tracks.', body: TrackListReply } },
  }),
  defineRoute({
    method: 'POST',
    path: '/releases/:uuid/tracks',
    service: 'catalogue',
    operation: TrackOperation.create,
    edge: { gate: 'tracks.manage', notFound: Messages.releaseNotFound },
    summary: 'Add a track to a draft release (title, position and explicit required).',
    request: { params: UuidParams, body: CreateTrackBody },
    responses: { 201: { description: 'The track, with audio_url null.', body: TrackReply } },
    // 409: the release is not a draft, or the ISRC is already used in the tenant.
    errors: [409],
  }),
  defineRoute({
    method: 'GET',
    path: '/tracks/:uuid',
    service: 'catalogue',
    operation: TrackOperation.get,
    edge: { gate: 'anyone', notFound: Messages.trackNotFound },
    summary: 'Get a track, including contributors.',
    request: { params: UuidParams },
    responses: { 200: { description: 'The track.', body: TrackReply } },
  }),
  ...(['PATCH', 'PUT'] as const).map((method) =>
    defineRoute({
      method,
      path: '/tracks/:uuid',
      service: 'catalogue',
      operation: TrackOperation.update,
      edge: { gate: 'tracks.manage', absentBody: 'empty', notFound: Messages.trackNotFound },
      summary: 'Update a track; only the fields sent change.',
      request: { params: UuidParams, body: UpdateTrackBody },
      responses: { 200: { description: 'The track as updated.', body: TrackReply } },
      errors: [409],
    }),
  ),
  defineRoute({
    method: 'DELETE',
    path: '/tracks/:uuid',
    service: 'catalogue',
    operation: TrackOperation.delete,
    edge: { gate: 'tracks.manage', notFound: Messages.trackNotFound },
    summary: 'Delete a track of a draft release.',
    request: { params: UuidParams },
    responses: { 204: { description: 'Deleted.' } },
    errors: [409],
  }),
  audioUpload(AUDIO_PATH),
  audioUpload('/tracks/:uuid/upload'),
];
