import type { ArtistPlan, Principal, ReleaseDsp } from '@sv/contracts';

/** What the catalogue asks other services; the nats adapters implement these (nats/clients). */

/** supply-chain: a release's store selection as it stands now. */
export interface StoreSelectionPort {
  selectedStores(principal: Principal, releaseId: string): Promise<ReleaseDsp[]>;
}

/** gateway: the artist plan of the principal's tenant; null when the tenant has none. */
export interface TenantPlanPort {
  planOf(principal: Principal): Promise<ArtistPlan | null>;
}
