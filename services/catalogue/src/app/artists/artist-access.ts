import { isArtistScoped, type Principal } from '@sv/contracts';

export type ArtistViewer = Pick<Principal, 'tenant_id' | 'role' | 'roster' | 'artist_id'>;

/** The nil UUID: no artist is ever created under it. */
const NO_ARTIST = '00000000-0000-0000-0000-000000000000';

/**
 * The artist profiles a principal may read: its tenant's live artists and, for an artist or
 * collaborator key without roster access, only its own artist (as with releases). A label's
 * roster is for its staff and roster keys; another artist's profile is 404 to an artist key.
 */
export const visibleArtists = (viewer: ArtistViewer) => ({
  tenantId: viewer.tenant_id,
  deletedAt: null,
  // An artist-scoped key bound to no artist sees none.
  ...(isArtistScoped(viewer) ? { id: viewer.artist_id ?? NO_ARTIST } : {}),
});
