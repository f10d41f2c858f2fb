import type { Principal } from '@sv/contracts';

/** The catalogue owns artists; the users use-cases only ask whether one is the caller tenant's. */
export interface ArtistDirectory {
  /** True when `artistId` is a live artist of the principal's tenant. */
  isTenantArtist(principal: Principal, artistId: string): Promise<boolean>;
}
