import { WORLDWIDE, type EffectiveDeal } from '@sv/contracts';
import type { ErnBuildInput } from './build-input.ts';
import { commercialModelType, useType, type CodedValue } from './coded-values.ts';
import { unique } from './ordering.ts';

/** One Deal's terms as the message states them. */
export interface PlannedDeal {
  /** The monetization policy the deal comes from: what a track's withdrawal names. */
  policy_code: string;
  /**
   * DealTerms holds TerritoryCode or ExcludedTerritoryCode, never both; ExcludedTerritoryCode
   * alone means "everywhere but these".
   */
  territories: { mode: 'include' | 'exclude'; codes: string[] };
  /** YYYY-MM-DD */
  start_date: string;
  commercial_model: CodedValue;
  use_types: CodedValue[];
  /** PriceCode of the pricing tier, when the model carries a price. */
  price_type: string | null;
}

/** The store's effective deals, in the order given; a deal that covers no territory is left out. */
export const planDeals = (input: ErnBuildInput): PlannedDeal[] => {
  const fallbackStart = input.store.release_date ?? input.release.release_date ?? input.created_at.slice(0, 10);
  const planned: PlannedDeal[] = [];
  for (const deal of input.store.deals) {
    const territories = dealTerritories(deal);
    if (!territories) continue;
    planned.push({
      policy_code: deal.policy_code,
      territories,
      // The effective (possibly per-store) release date, as resolved by supply-chain.
      start_date: deal.start_date ?? fallbackStart,
      commercial_model: commercialModelType(deal.commercial_model_type),
      use_types: unique(deal.use_types).map(useType),
      price_type: deal.price_type,
    });
  }
  return planned;
};

/**
 * The deals of one track's own TrackRelease: the release's, less the policies the store's override
 * withdrew from that track.
 */
export const trackDeals = (input: ErnBuildInput, trackId: string, releaseDeals: readonly PlannedDeal[]): PlannedDeal[] => {
  const withdrawal = input.store.track_withdrawals.find((candidate) => candidate.track_id === trackId.toLowerCase());
  if (!withdrawal) return [...releaseDeals];
  const withdrawn = new Set(withdrawal.monetization_policy_codes);
  return releaseDeals.filter((deal) => !withdrawn.has(deal.policy_code));
};

/** The track releases that share one set of deals, in message order: one ReleaseDeal each. */
export const trackDealGroups = <T extends { release: string; deals: readonly PlannedDeal[] }>(
  tracks: readonly T[],
): { releases: string[]; deals: readonly PlannedDeal[] }[] => {
  const groups = new Map<string, { releases: string[]; deals: readonly PlannedDeal[] }>();
  for (const track of tracks) {
    // A track left with no deal has no ReleaseDeal: the store may not offer it on its own.
    if (track.deals.length === 0) continue;
    const key = track.deals.map((deal) => deal.policy_code).join('\u0000');
    const group = groups.get(key);
    if (group) group.releases.push(track.release);
    else groups.set(key, { releases: [track.release], deals: track.deals });
  }
  return [...groups.values()];
};

const dealTerritories = (deal: EffectiveDeal): PlannedDeal['territories'] | null => {
  const included = unique(deal.territory_codes);
  const excluded = unique(deal.excluded_territory_codes);
  if (excluded.length === 0) return included.length > 0 ? { mode: 'include', codes: included } : null;
  if (included.includes(WORLDWIDE)) return { mode: 'exclude', codes: excluded };
  // Named territories minus exclusions: the schema cannot say both, so send what remains.
  const remaining = included.filter((code) => !excluded.includes(code));
  return remaining.length > 0 ? { mode: 'include', codes: remaining } : null;
};
