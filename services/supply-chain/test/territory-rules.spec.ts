import { ISO_3166_1_ALPHA_2 } from '@sv/contracts';
import {
  canonicalTerritoryCodes,
  dealTerritories,
  territoryPairErrors,
  unknownTerritoryErrors,
} from '../src/app/release-config/territory-rules.ts';

/* Territory modes and lists: what is refused, and what a deal covers. */

describe('unknownTerritoryErrors', () => {
  it('accepts ISO 3166-1 alpha-2 codes and Worldwide', () => {
    expect(unknownTerritoryErrors(['GB', 'US', 'Worldwide', 'CI'])).toEqual({});
  });

  it('names each unknown code at its index', () => {
    expect(unknownTerritoryErrors(['GB', 'XX', 'US', 'UK'])).toEqual({
      'territory_codes.1': ["Unknown territory 'XX'. Use ISO 3166-1 alpha-2 codes or Worldwide."],
      'territory_codes.3': ["Unknown territory 'UK'. Use ISO 3166-1 alpha-2 codes or Worldwide."],
    });
  });

  it('does not take lowercase or alpha-3 codes (the request schema upper-cases before)', () => {
    expect(Object.keys(unknownTerritoryErrors(['gb', 'GBR', 'worldwide']))).toEqual(['territory_codes.0', 'territory_codes.1', 'territory_codes.2']);
  });
});

describe('territoryPairErrors', () => {
  it('accepts include of a list, include of Worldwide alone, exclude of a list and exclude of nothing', () => {
    expect(territoryPairErrors('include', ['GB', 'US'])).toEqual({});
    expect(territoryPairErrors('include', ['Worldwide'])).toEqual({});
    expect(territoryPairErrors('exclude', ['CN'])).toEqual({});
    expect(territoryPairErrors('exclude', [])).toEqual({});
  });

  it('refuses Worldwide with other codes, in either mode or none', () => {
    const message = 'Worldwide stands for every territory: send it alone, or list territories without it.';
    expect(territoryPairErrors('include', ['Worldwide', 'GB'])).toEqual({ territory_codes: [message] });
    expect(territoryPairErrors('exclude', ['GB', 'Worldwide'])).toEqual({ territory_codes: [message] });
    expect(territoryPairErrors(undefined, ['GB', 'Worldwide'])).toEqual({ territory_codes: [message] });
  });

  it('refuses excluding Worldwide and including nothing', () => {
    expect(territoryPairErrors('exclude', ['Worldwide'])).toEqual({
      territory_codes: ['Excluding Worldwide leaves no territory: to exclude territories, list them with territory_mode exclude.'],
    });
    expect(territoryPairErrors('include', [])).toEqual({ territory_codes: ['The include mode needs at least one territory (or Worldwide).'] });
  });

  it('judges a list alone (no mode known) only by Worldwide being alone', () => {
    expect(territoryPairErrors(undefined, [])).toEqual({});
    expect(territoryPairErrors(undefined, ['Worldwide'])).toEqual({});
  });
});

describe('canonicalTerritoryCodes', () => {
  it('drops duplicates and sorts by code, Worldwide first', () => {
    expect(canonicalTerritoryCodes(['US', 'GB', 'US', 'DE'])).toEqual(['DE', 'GB', 'US']);
    expect(canonicalTerritoryCodes(['GB', 'Worldwide'])).toEqual(['Worldwide', 'GB']);
  });
});

describe('dealTerritories', () => {
  it('include: the listed territories, nothing excluded', () => {
    expect(dealTerritories('include', ['US', 'GB'])).toEqual({ territory_codes: ['GB', 'US'], excluded_territory_codes: [] });
    expect(dealTerritories('include', ['Worldwide'])).toEqual({ territory_codes: ['Worldwide'], excluded_territory_codes: [] });
  });

  it('exclude: Worldwide with the listed territories carved out', () => {
    expect(dealTerritories('exclude', ['RU', 'CN'])).toEqual({ territory_codes: ['Worldwide'], excluded_territory_codes: ['CN', 'RU'] });
    expect(dealTerritories('exclude', [])).toEqual({ territory_codes: ['Worldwide'], excluded_territory_codes: [] });
  });

  it('nothing when no territory is left', () => {
    expect(dealTerritories('include', [])).toBeNull();
    expect(dealTerritories('exclude', ['Worldwide'])).toBeNull();
    expect(dealTerritories('exclude', [...ISO_3166_1_ALPHA_2])).toBeNull();
    // One territory left is still a deal: the other 248 of the 249 assigned ISO 3166-1 codes are excluded.
    expect(dealTerritories('exclude', [...ISO_3166_1_ALPHA_2].filter((code) => code !== 'NO'))?.excluded_territory_codes).toHaveLength(248);
  });
});
