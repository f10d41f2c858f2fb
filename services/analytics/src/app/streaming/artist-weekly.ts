import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@sv/contracts';
import type { CataloguePort } from '../catalogue-port.ts';
import { STREAM_COUNTS } from './report-records.ts';
import { artistScopeOf, dayOf } from '../read-scope.ts';
import { StreamingArtistNotFoundError } from './streaming.errors.ts';

/** Every split of a week; `streams_total` is the day rows' `streams`. */
const WEEKLY_SPLITS = STREAM_COUNTS.filter((name) => name !== 'streams' && name !== 'downloads');

export type WeeklyRow = { week: string; streams_total: number } & Record<(typeof WEEKLY_SPLITS)[number], number>;

export interface ArtistWeekly {
  artist: { uuid: string; name: string };
  weekly: WeeklyRow[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An artist's streams week by week (ISO weeks, `2026-W07`), the `weeks` weeks up to the current
 * one, oldest first, every week present (zero when nothing was reported), every split summed from
 * the recording rollup. The artist must be the tenant's, and an artist-scoped caller's own: 404
 * otherwise.
 */
export const artistWeekly = async (em: EntityManager, catalogue: CataloguePort, principal: Principal, artistId: string, weeks: number, now = new Date()): Promise<ArtistWeekly> => {
  const scope = artistScopeOf(principal);
  if (!UUID.test(artistId) || (scope !== null && scope !== artistId.toLowerCase())) throw new StreamingArtistNotFoundError();
  const name = await catalogue.artistName(principal, artistId);
  if (name === null) throw new StreamingArtistNotFoundError();
  const rows = await em.execute<Record<string, string | number>[]>(
    `with "weeks" as (
       select "start"::date as "start"
         from generate_series(date_trunc('week', ?::date) - (?::int - 1) * interval '1 week', date_trunc('week', ?::date), interval '1 week') as "start")
     select to_char(w."start", 'IYYY-"W"IW') as "week", coalesce(sum(r."streams"), 0)::bigint as "streams_total",
            ${WEEKLY_SPLITS.map((split) => `coalesce(sum(r."${split}"), 0)::bigint as "${split}"`).join(', ')}
       from "weeks" w
       left join "analytics"."stream_recording_day" r
         on r."tenant_id" = ? and r."artist_id" = ? and r."day" >= w."start" and r."day" < w."start" + 7
      group by w."start"
      order by w."start"`,
    [dayOf(now), weeks, dayOf(now), principal.tenant_id, artistId.toLowerCase()],
  );
  return {
    artist: { uuid: artistId.toLowerCase(), name },
    weekly: rows.map((row) => {
      const week = { week: String(row.week), streams_total: Number(row.streams_total) } as WeeklyRow;
      for (const split of WEEKLY_SPLITS) week[split] = Number(row[split]);
      return week;
    }),
  };
};
