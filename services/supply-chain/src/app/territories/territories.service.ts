import { ISO_3166_1_ALPHA_2, type TerritoryResource } from '@sv/contracts';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** The ISO 3166-1 alpha-2 catalogue with English names, by code; computed once (it never changes at run time). */
const TERRITORIES: readonly TerritoryResource[] = [...ISO_3166_1_ALPHA_2]
  .sort()
  .map((code) => ({ code, name: regionNames.of(code) ?? code }));

export const listTerritories = (): readonly TerritoryResource[] => TERRITORIES;
