import {
  AUDIO_UPLOAD_FIELD,
  ReleaseImportReply,
  ReleaseLookupReply,
  ReleaseOperation,
  TrackOperation,
  systemPrincipal,
} from '@sv/contracts';
import { UnavailableError, isRecordNotFound, refusalOfReply, type ServiceCaller } from '@sv/platform';
import type { CataloguePort } from '../../app/import/ports.ts';

/** The catalogue's contract for ingestion: import a release with its tracks, or discard one. */
export const catalogueClient = (caller: ServiceCaller): CataloguePort => ({
  async importRelease(principal, body) {
    const reply = await caller.call('catalogue', ReleaseOperation.import, principal, {}, body);
    if (reply.status === 201) return ReleaseImportReply.parse(reply.body).release;
    throw refusalOfReply(reply, 'catalogue_import');
  },
  async releaseByUpc(principal, upc) {
    const reply = await caller.call('catalogue', ReleaseOperation.findByUpc, principal, {}, { upc });
    if (reply.status === 200) return ReleaseLookupReply.parse(reply.body).release;
    throw refusalOfReply(reply, 'catalogue_release_by_upc');
  },
  async attachAudio(principal, trackId, file) {
    const reply = await caller.call('catalogue', TrackOperation.audio, principal, { uuid: trackId }, undefined, [{ ...file, field: AUDIO_UPLOAD_FIELD }]);
    if (reply.status === 200) return;
    throw refusalOfReply(reply, 'catalogue_audio');
  },
  async attachArtwork(principal, releaseId, file) {
    const reply = await caller.call('catalogue', ReleaseOperation.artwork, principal, { uuid: releaseId }, undefined, [{ ...file, field: 'artwork' }]);
    if (reply.status === 200) return;
    throw refusalOfReply(reply, 'catalogue_artwork');
  },
  async discardRelease(principal, releaseId) {
    // As the platform: the submitter may create releases without being allowed to delete them.
    const reply = await caller.call('catalogue', ReleaseOperation.delete, systemPrincipal(principal.tenant_id, 'ingestion'), { uuid: releaseId });
    if (reply.status === 204 || isRecordNotFound(reply)) return;
    throw new UnavailableError(undefined, `catalogue_discard_${reply.status}`);
  },
});
