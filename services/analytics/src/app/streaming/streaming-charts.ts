import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@sv/contracts';
import { artistScopeOf } from '../read-scope.ts';
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
    `select "day"::text as "captured_on", "chart", "genre", "territory", "store", "title", "artist_name" as "artist",
            "position", "previous", "previous" - "position" as "movement"
       from "analytics"."chart_row"
      where "tenant_id" = ? ${artist ? 'and "artist_id" = ?' : ''} and "day" between ?::date and ?::date
      order by "day" desc, "chart", "territory", "position", "store"
      limit ?`,
    [principal.tenant_id, ...(artist ? [artist] : []), period.from, period.to, limit],
  );
};
