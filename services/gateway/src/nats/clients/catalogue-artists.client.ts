import type { NatsConnection } from '@nats-io/transport-node';
import { CatalogueOperation, apiSubject } from '@sv/contracts';
import { UnavailableError, callService, isRecordNotFound } from '@sv/platform';
import type { ArtistDirectory } from '../../app/users/artist-directory.ts';

/**
 * Asks the catalogue for the artist with the caller's own principal: the catalogue answers only
 * inside that principal's tenant, so another tenant's artist is "not found" like an unknown one.
 */
export const catalogueArtistsClient = (nc: NatsConnection, subjectPrefix: string, timeoutMs: number): ArtistDirectory => ({
  async isTenantArtist(principal, artistId) {
    const reply = await callService(
      nc,
      apiSubject(subjectPrefix, 'catalogue'),
      { operation: CatalogueOperation.artistsGet, params: { uuid: artistId }, principal },
      timeoutMs,
    );
    if (isRecordNotFound(reply)) return false;
    if (reply.status !== 200) throw new UnavailableError(undefined, 'catalogue_refused');
    return true;
  },
});
