import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@sv/contracts';
import { artistScopeOf } from '../read-scope.ts';
import type { Period } from './streaming-period.ts';

export interface DailyFilter {
  releaseId?: string | undefined;
  trackId?: string | undefined;
}

export interface DailyRow {
  date: string;
  streams: number;
  downloads: number;
}

/**
 * Streams and downloads day by day (days with reported rows only, oldest first): the tenant's from
 * the day rollup; filtered by release or track, or for an artist-scoped caller, from the recording
 * rollup through the index that leads with that filter.
 */
export const streamingDaily = async (em: EntityManager, principal: Principal, period: Period, filter: DailyFilter): Promise<DailyRow[]> => {
  const artist = artistScopeOf(principal);
  const conditions: string[] = [];
  const params: unknown[] = [principal.tenant_id];
  if (filter.releaseId) {
    conditions.push('"release_id" = ?');
    params.push(filter.releaseId);
  }
  if (filter.trackId) {
    conditions.push('"track_id" = ?');
    params.push(filter.trackId);
  }
  if (artist) {
    conditions.push('"artist_id" = ?');
    params.push(artist);
  }
  params.push(period.from, period.to);
  const table = conditions.length === 0 ? 'stream_day' : 'stream_recording_day';
  const rows = await em.execute<{ date: string; streams: string | number; downloads: string | number }[]>(
    `select "day"::text as "date", sum("streams")::bigint as "streams", sum("downloads")::bigint as "downloads"
       from "analytics"."${table}"
      where "tenant_id" = ? ${conditions.map((condition) => `and ${condition}`).join(' ')} and "day" between ?::date and ?::date
      group by "day"
      order by "day"`,
    params,
  );
  return rows.map((row) => ({ date: row.date, streams: Number(row.streams), downloads: Number(row.downloads) }));
};
