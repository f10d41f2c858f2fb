import {
  ArtistReply,
  CATALOGUE_COUNTS_OPERATION,
  CatalogueCountsReply,
  CatalogueOperation,
  RECORDINGS_MATCH_OPERATION,
  RELEASES_DELIVERED_OPERATION,
  RELEASES_DESCRIBE_OPERATION,
  RecordingsMatchReply,
  ReleasesDeliveredReply,
  ReleasesDescribeReply,
} from '@sv/contracts';
import { isRecordNotFound, refusalOfReply, type ServiceCaller } from '@sv/platform';
import type { CataloguePort } from '../../app/catalogue-port.ts';

/** The catalogue's contract for analytics, over its api subject. */
export const catalogueClient = (caller: ServiceCaller): CataloguePort => ({
  async describeReleases(principal, ids) {
    if (ids.length === 0) return [];
    const reply = await caller.call('catalogue', RELEASES_DESCRIBE_OPERATION, principal, {}, { ids });
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
    const reply = await caller.call('catalogue', RECORDINGS_MATCH_OPERATION, principal, {}, codes);
    if (reply.status === 200) return RecordingsMatchReply.parse(reply.body);
    throw refusalOfReply(reply, 'catalogue_match');
  },
  async counts(principal) {
    const reply = await caller.call('catalogue', CATALOGUE_COUNTS_OPERATION, principal);
    if (reply.status === 200) return CatalogueCountsReply.parse(reply.body);
    throw refusalOfReply(reply, 'catalogue_counts');
  },
  async deliveredReleases(principal) {
    const reply = await caller.call('catalogue', RELEASES_DELIVERED_OPERATION, principal);
    if (reply.status === 200) return ReleasesDeliveredReply.parse(reply.body).releases;
    throw refusalOfReply(reply, 'catalogue_delivered');
  },
});
