import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { isArtistScoped, type Principal } from '@sv/contracts';
import { Release } from '../../db/entities/release.entity.ts';
import { TrackCredit } from '../../db/entities/track-credit.entity.ts';
import { Track } from '../../db/entities/track.entity.ts';
import { CreditPartySharedError } from './credits.errors.ts';

/** Who changes a writer, publisher or collaborator. */
export type PartyEditor = Pick<Principal, 'tenant_id' | 'role' | 'roster' | 'artist_id'>;

/** The track-credit column that names a party of each kind. */
export type PartyCreditColumn = 'writerId' | 'publisherId' | 'collaboratorId';

const unique = (ids: string[]): string[] => [...new Set(ids)];

/**
 * True when a track of a release that is not `artistId`'s credits the party. Deleted tracks and
 * releases count too: their credits still name the party, and a rename would rewrite them.
 */
const creditedOutsideArtist = async (
  em: EntityManager,
  tenantId: string,
  artistId: string | null,
  column: PartyCreditColumn,
  partyId: string,
): Promise<boolean> => {
  const credits = await em.find(TrackCredit, { tenantId, [column]: partyId } as FilterQuery<TrackCredit>, { fields: ['trackId'] });
  if (credits.length === 0) return false;
  const tracks = await em.find(Track, { tenantId, id: { $in: unique(credits.map((credit) => credit.trackId)) } }, { fields: ['releaseId'] });
  const releaseIds = unique(tracks.map((track) => track.releaseId));
  const others = artistId ? { $or: [{ artistId: null }, { artistId: { $ne: artistId } }] } : {};
  return (await em.count(Release, { tenantId, id: { $in: releaseIds }, ...others })) > 0;
};

/**
 * The parties are the tenant's directory. An artist-scoped principal changes or deletes only what
 * is its artist's alone: a party no other artist's track credits (else 403). A change to a shared
 * party would rewrite the credits of releases it does not own.
 */
export const assertMayChangeParty = async (em: EntityManager, editor: PartyEditor, column: PartyCreditColumn, partyId: string): Promise<void> => {
  if (!isArtistScoped(editor)) return;
  if (await creditedOutsideArtist(em, editor.tenant_id, editor.artist_id ?? null, column, partyId)) throw new CreditPartySharedError();
};
