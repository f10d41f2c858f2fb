import { WORLDWIDE, type TerritoriesBody } from '@sv/contracts';
import type { IngestedErnRelease } from '@sv/ddex';

/**
 * Where a message's deals offer the release, as the supply-chain's territory setting: worldwide
 * (exclude none) when a deal says Worldwide; exclude what every exclusion-only deal excludes when
 * all are given that way; otherwise include every territory a deal names. None without live deals.
 */
export const territoriesOfDeals = (release: IngestedErnRelease): TerritoriesBody | undefined => {
  const live = release.deals.filter((deal) => !deal.takedown);
  if (live.length === 0) return undefined;
  if (live.some((deal) => deal.territories.includes(WORLDWIDE) && deal.excludedTerritories.length === 0)) {
    return { territory_mode: 'exclude', territory_codes: [] };
  }
  const exclusionOnly = live.filter((deal) => deal.territories.length === 0 || deal.territories.includes(WORLDWIDE));
  if (exclusionOnly.length === live.length) {
    const [first, ...rest] = exclusionOnly.map((deal) => new Set(deal.excludedTerritories));
    const excludedByAll = [...(first ?? [])].filter((code) => rest.every((set) => set.has(code)));
    return { territory_mode: 'exclude', territory_codes: excludedByAll.sort() };
  }
  const included = new Set(live.flatMap((deal) => deal.territories.filter((code) => code !== WORLDWIDE)));
  return { territory_mode: 'include', territory_codes: [...included].sort() };
};
