import type { CatalogueContext } from '../catalogue-context.ts';
import { AUDIO_UPLOAD_FIELD, CreateTrackBody, Messages, TrackOperation, UpdateTrackBody } from '@sv/contracts';
import { assertCan, created, noContent, ok, ownerUrls, parseOrThrow, type OperationTable } from '@sv/platform';
import { attachAudio } from '../app/audio/audio-upload.service.ts';
import { presentTrack } from '../app/tracks/track.presenter.ts';
import { createTrack, deleteTrack, getTrack, listTracks, updateTrack } from '../app/tracks/tracks.service.ts';

/** Thin adapters: parse, call one use-case on a forked ORM context, shape the reply. */
export const trackOperations = ({ orm, config, blobs }: CatalogueContext): OperationTable => {
  const urlOf = ownerUrls(blobs, () => config.mediaUrlTtlSeconds);
  return {
    [TrackOperation.list]: async (request) => {
      const tracks = await listTracks(orm.em.fork(), request.principal, request.params.uuid ?? '');
      return ok({ tracks: await Promise.all(tracks.map((track) => presentTrack(track, urlOf))) });
    },
    [TrackOperation.create]: async (request) => {
      assertCan(request.principal, 'tracks.manage');
      const body = parseOrThrow(CreateTrackBody, request.body);
      const track = await createTrack(orm.em.fork(), request.principal, request.params.uuid ?? '', body, {
        isrcRegistrant: config.isrcRegistrant,
      });
      return created({ track: await presentTrack(track, urlOf) });
    },
    [TrackOperation.get]: async (request) => {
      const track = await getTrack(orm.em.fork(), request.principal, request.params.uuid ?? '');
      return ok({ track: await presentTrack(track, urlOf) });
    },
    [TrackOperation.update]: async (request) => {
      assertCan(request.principal, 'tracks.manage');
      const body = parseOrThrow(UpdateTrackBody, request.body ?? {});
      const track = await updateTrack(orm.em.fork(), request.principal, request.params.uuid ?? '', body);
      return ok({ track: await presentTrack(track, urlOf) });
    },
    [TrackOperation.delete]: async (request) => {
      assertCan(request.principal, 'tracks.manage');
      await deleteTrack(orm.em.fork(), request.principal, request.params.uuid ?? '');
      return noContent();
    },
    [TrackOperation.audio]: async (request) => {
      assertCan(request.principal, 'tracks.manage');
      const file = request.files.find((candidate) => candidate.field === AUDIO_UPLOAD_FIELD);
      const track = await attachAudio(orm.em.fork(), blobs, request.principal, request.params.uuid ?? '', file);
      return ok({ success: true, message: Messages.audioUploaded, data: { audio_url: await urlOf({ key: track.audioKey, url: track.audioUrl }) } });
    },
  };
};
