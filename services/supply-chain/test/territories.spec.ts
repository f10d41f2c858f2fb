import { listTerritories } from '../src/app/territories/territories.service.ts';

/** ISO 3166-1 has 249 officially assigned alpha-2 codes. */
const ASSIGNED_CODES = 249;

describe('the territory catalogue', () => {
  it('lists every ISO 3166-1 alpha-2 code once, in code order', () => {
    const codes = listTerritories().map((territory) => territory.code);
    expect(codes).toHaveLength(ASSIGNED_CODES);
    expect(new Set(codes).size).toBe(ASSIGNED_CODES);
    expect(codes).toEqual([...codes].sort());
    expect([codes[0], codes.at(-1)]).toEqual(['AD', 'ZW']);
    // Recent and disputed assignments are in; withdrawn, reserved and user-assigned codes are not.
    for (const code of ['SS', 'BQ', 'CW', 'SX', 'BL', 'MF', 'AX', 'GG', 'JE', 'IM', 'PS', 'TW', 'EH']) expect(codes).toContain(code);
    for (const code of ['AN', 'CS', 'YU', 'TP', 'ZR', 'UK', 'EU', 'XK', 'XX', 'ZZ']) expect(codes).not.toContain(code);
  });

  it('names each territory in English', () => {
    const byCode = new Map(listTerritories().map((territory) => [territory.code, territory.name]));
    expect(byCode.get('GB')).toBe('United Kingdom');
    expect(byCode.get('DE')).toBe('Germany');
    expect(byCode.get('CI')).toMatch(/Côte d’Ivoire|Ivory Coast/);
    expect(listTerritories().every((territory) => territory.name.length > 2)).toBe(true);
  });
});
