import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@sv/contracts';
import { artistScopeOf } from '../read-scope.ts';
import { matchJoin } from './report-matches.ts';
import type { Period } from './streaming-period.ts';

export interface ChartEntry {
  captured_on: string;
  chart: string;
  genre: string | null;
  territory: string;
  store: string;
  title: string;
  artist: string;
  position: number;
  previous: number | null;
  /** previous − position: positive when the entry climbed, null when it is new. */
  movement: number | null;
}

/** Chart entries captured in the period, newest first, then by chart, territory and position. */
export const chartEntries = async (em: EntityManager, principal: Principal, period: Period, limit: number): Promise<ChartEntry[]> => {
  const artist = artistScopeOf(principal);
  return em.execute<ChartEntry[]>(
    `select r."day"::text as "captured_on", r."chart", r."genre", r."territory", r."store", r."title", r."artist_name" as "artist",
            r."position", r."previous", r."previous" - r."position" as "movement"
       from "analytics"."chart_row" r
       ${artist ? matchJoin('r') : ''}
      where r."tenant_id" = ? ${artist ? 'and m."artist_id" = ?' : ''} and r."day" between ?::date and ?::date
      order by r."day" desc, r."chart", r."territory", r."position", r."store"
      limit ?`,
    [principal.tenant_id, ...(artist ? [artist] : []), period.from, period.to, limit],
  );
};
