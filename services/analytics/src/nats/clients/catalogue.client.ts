import {
  ArtistReply,
  CatalogueCountsReply,
  CatalogueOperation,
  RecordingsMatchReply,
  ReleaseOperation,
  ReleasesDeliveredReply,
  ReleasesDescribeReply,
} from '@sv/contracts';
import { isRecordNotFound, refusalOfReply, type ServiceCaller } from '@sv/platform';
import type { CataloguePort } from '../../app/catalogue-port.ts';

/** The catalogue's contract for analytics, over its api subject. */
export const catalogueClient = (caller: ServiceCaller): CataloguePort => ({
  async describeReleases(principal, ids) {
    if (ids.length === 0) return [];
    const reply = await caller.call('catalogue', ReleaseOperation.describe, principal, {}, { ids });
    if (reply.status === 200) return ReleasesDescribeReply.parse(reply.body).releases;
    throw refusalOfReply(reply, 'catalogue_releases');
  },
  async artistName(principal, artistId) {
    const reply = await caller.call('catalogue', CatalogueOperation.artistsGet, principal, { uuid: artistId });
    if (reply.status === 200) return ArtistReply.parse(reply.body).artist.name;
    if (isRecordNotFound(reply)) return null;
    throw refusalOfReply(reply, 'catalogue_artist');
  },
  async matchRecordings(principal, codes) {
    const reply = await caller.call('catalogue', CatalogueOperation.recordingsMatch, principal, {}, codes);
    if (reply.status === 200) return RecordingsMatchReply.parse(reply.body);
    throw refusalOfReply(reply, 'catalogue_match');
  },
  async counts(principal) {
    const reply = await caller.call('catalogue', CatalogueOperation.counts, principal);
    if (reply.status === 200) return CatalogueCountsReply.parse(reply.body);
    throw refusalOfReply(reply, 'catalogue_counts');
  },
  async deliveredReleases(principal) {
    const reply = await caller.call('catalogue', ReleaseOperation.delivered, principal);
    if (reply.status === 200) return ReleasesDeliveredReply.parse(reply.body).releases;
    throw refusalOfReply(reply, 'catalogue_delivered');
  },
});
