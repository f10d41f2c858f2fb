import type { Principal, ReleaseLookupReply } from '@sv/contracts';

/** What supply-chain asks other services; the nats adapters implement these (nats/clients). */

export type VisibleRelease = ReleaseLookupReply['release'];

/**
 * catalogue: the release `releaseId` as the principal may see it (tenant and artist scoping
 * applied by its owner), or null when it is not visible (unknown, deleted, another tenant's).
 */
export interface ReleaseLookupPort {
  visibleRelease(principal: Principal, releaseId: string): Promise<VisibleRelease | null>;
}
