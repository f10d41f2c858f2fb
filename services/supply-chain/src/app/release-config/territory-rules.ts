import { ISO_3166_1_ALPHA_2, Messages, WORLDWIDE, type TerritoryMode } from '@sv/contracts';
import type { FieldErrors } from '@sv/platform';

/*
 * Territories are a mode and a list. include: the store may sell in the listed territories
 * (`Worldwide` alone for all). exclude: everywhere but the listed territories (none listed:
 * everywhere). `Worldwide` mixed with other codes, or excluded, is refused rather than guessed at.
 */

const isKnownTerritory = (code: string): boolean => code === WORLDWIDE || ISO_3166_1_ALPHA_2.has(code);

/** Each code once, `Worldwide` first and the rest in code order, so equal lists compare equal. */
export const canonicalTerritoryCodes = (codes: readonly string[]): string[] =>
  [...new Set(codes)].sort((a, b) => (a === WORLDWIDE ? -1 : b === WORLDWIDE ? 1 : a < b ? -1 : a > b ? 1 : 0));

/** Per-field errors of codes that are neither ISO 3166-1 alpha-2 nor `Worldwide`, at `<field>.<index>`. */
export const unknownTerritoryErrors = (codes: readonly string[], field = 'territory_codes'): FieldErrors => {
  const errors: FieldErrors = {};
  codes.forEach((code, index) => {
    if (!isKnownTerritory(code)) errors[`${field}.${index}`] = [Messages.unknownTerritory(code)];
  });
  return errors;
};

/**
 * What makes no sense in a list (Worldwide with others) or in a mode and list together (Worldwide
 * excluded, nothing included). The mode is undefined when only the list is known.
 */
export const territoryPairErrors = (mode: TerritoryMode | undefined, codes: readonly string[], field = 'territory_codes'): FieldErrors => {
  const unique = new Set(codes);
  if (unique.has(WORLDWIDE) && unique.size > 1) return { [field]: [Messages.worldwideNotAlone] };
  if (mode === 'exclude' && unique.has(WORLDWIDE)) return { [field]: [Messages.worldwideExcluded] };
  if (mode === 'include' && unique.size === 0) return { [field]: [Messages.includeNeedsTerritory] };
  return {};
};

export interface DealTerritories {
  territory_codes: string[];
  excluded_territory_codes: string[];
}

/**
 * Where a deal applies, as DDEX writes it: include lists the territories; exclude is Worldwide
 * with exclusions. Null when mode and codes leave no territory at all (the layers can combine
 * into that even though no single request may).
 */
export const dealTerritories = (mode: TerritoryMode, codes: readonly string[]): DealTerritories | null => {
  const unique = canonicalTerritoryCodes(codes);
  if (mode === 'include') {
    if (unique.length === 0) return null;
    return { territory_codes: unique.includes(WORLDWIDE) ? [WORLDWIDE] : unique, excluded_territory_codes: [] };
  }
  if (unique.includes(WORLDWIDE)) return null;
  if (unique.length === ISO_3166_1_ALPHA_2.size) return null; // every territory excluded
  return { territory_codes: [WORLDWIDE], excluded_territory_codes: unique };
};
