import { ISO_3166_1_ALPHA_2 } from '@sv/contracts';
import { listTerritories } from '../src/app/territories/territories.service.ts';

describe('the territory catalogue', () => {
  it('lists every ISO 3166-1 alpha-2 code once, in code order', () => {
    const codes = listTerritories().map((territory) => territory.code);
    expect(codes).toHaveLength(ISO_3166_1_ALPHA_2.size);
    expect(codes).toEqual([...ISO_3166_1_ALPHA_2].sort());
  });

  it('names each territory in English', () => {
    const byCode = new Map(listTerritories().map((territory) => [territory.code, territory.name]));
    expect(byCode.get('GB')).toBe('United Kingdom');
    expect(byCode.get('DE')).toBe('Germany');
    expect(byCode.get('CI')).toMatch(/Côte d’Ivoire|Ivory Coast/);
    expect(listTerritories().every((territory) => territory.name.length > 2)).toBe(true);
  });
});
