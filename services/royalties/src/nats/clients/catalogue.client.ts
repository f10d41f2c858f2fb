import {
  CatalogueOperation,
  ArtistReply,
  CreditOperation,
  GatewayOperation,
  GatewayRouteOperation,
  RecordingsMatchReply,
  TrackOperation,
  TenantPartyReply,
  TrackReply,
  type ServiceName,
} from '@sv/contracts';
import { isRecordNotFound, refusalOfReply, type ServiceCaller } from '@sv/platform';
import type { CataloguePort, PayeeRecord } from '../../app/catalogue-port.ts';

const PAYEE_LOOKUP: Record<PayeeRecord, { service: ServiceName; operation: string }> = {
  artist: { service: 'catalogue', operation: CatalogueOperation.artistsGet },
  writer: { service: 'catalogue', operation: CreditOperation.writersGet },
  user: { service: 'gateway', operation: GatewayRouteOperation.usersGet },
};

/** The catalogue's (and the gateway's) contract for royalties, over their api subjects. */
export const catalogueClient = (caller: ServiceCaller): CataloguePort => ({
  async track(principal, trackId) {
    const reply = await caller.call('catalogue', TrackOperation.get, principal, { uuid: trackId });
    if (reply.status !== 200) throw refusalOfReply(reply, 'catalogue_track');
    const { track } = TrackReply.parse(reply.body);
    return { id: track.uuid, releaseId: track.release_id, artistId: track.artist_id, title: track.title, isrc: track.isrc };
  },
  async payeeExists(principal, record, id) {
    const { service, operation } = PAYEE_LOOKUP[record];
    const reply = await caller.call(service, operation, principal, { uuid: id });
    if (reply.status === 200) return true;
    if (isRecordNotFound(reply)) return false;
    throw refusalOfReply(reply, `payee_${record}`);
  },
  async matchRecordings(principal, codes) {
    const reply = await caller.call('catalogue', CatalogueOperation.recordingsMatch, principal, {}, codes);
    if (reply.status === 200) return RecordingsMatchReply.parse(reply.body);
    throw refusalOfReply(reply, 'catalogue_match');
  },
  async tenantName(principal) {
    const reply = await caller.call('gateway', GatewayOperation.tenantsParty, principal);
    if (reply.status === 200) return TenantPartyReply.parse(reply.body).name;
    throw refusalOfReply(reply, 'gateway_tenant');
  },
  async artistName(principal, artistId) {
    const reply = await caller.call('catalogue', CatalogueOperation.artistsGet, principal, { uuid: artistId });
    if (reply.status === 200) return ArtistReply.parse(reply.body).artist.name;
    if (isRecordNotFound(reply)) return null;
    throw refusalOfReply(reply, 'catalogue_artist');
  },
});
