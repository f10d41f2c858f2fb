import type { Principal } from '@sv/contracts';
import { artistScopeOf, dayRangeOf, type DayRange } from '../read-scope.ts';

/** Whose figures a report sums, and over which days (period_start within from..to, inclusive). */
export interface ReportScope {
  tenantId: string;
  /** Only this artist's releases: an artist-scoped caller's own artist, or the artist asked about. */
  artistId: string | null;
  /** Only this release, when the report takes release_uuid. */
  releaseId: string | null;
  from: string;
  to: string;
}

/** How far back a report reaches when the caller names no from. */
export const DEFAULT_REPORT_DAYS = 30;

/** The caller's range: to defaults to today (UTC), from to 30 days before to; from after to is refused. */
export const reportRange = (query: { from?: string; to?: string }, now: Date = new Date()): DayRange => dayRangeOf(query, DEFAULT_REPORT_DAYS, now);

/** The scope of a read: the caller's tenant, narrowed to its own artist when the caller is artist-scoped. */
export const reportScope = (principal: Principal, query: { from?: string; to?: string; release_uuid?: string }): ReportScope => ({
  tenantId: principal.tenant_id,
  artistId: artistScopeOf(principal),
  releaseId: query.release_uuid ?? null,
  ...reportRange(query),
});
