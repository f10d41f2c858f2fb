import type { Principal, ReleaseSnapshot } from '@sv/contracts';

/**
 * catalogue: the whole release as the principal may see it (tenant and artist scoping applied
 * by its owner), or null when it is not visible. The delivery plan's readiness checks read it.
 */
export interface ReleaseSnapshotPort {
  snapshot(principal: Principal, releaseId: string): Promise<ReleaseSnapshot | null>;
}
