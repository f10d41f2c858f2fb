import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@sv/contracts';
import { splitByMonths } from '../month-split.ts';
import { artistScopeOf } from '../read-scope.ts';
import type { Period } from './streaming-period.ts';

export interface TopTrack {
  isrc: string;
  title: string;
  artist: string;
  release_uuid: string | null;
  track_uuid: string | null;
  streams: number;
  downloads: number;
}

interface TopTrackRow extends Omit<TopTrack, 'streams' | 'downloads'> {
  streams: string | number;
  downloads: string | number;
}

/**
 * The most streamed recordings of the period by ISRC (lines that named only a UPC have no track to
 * rank): ranked on the sums alone, whole months from the month rollup and the edge days from the
 * day rollup, both through indexes that hold the sums (no heap page per row); then, for the ranked
 * ISRCs only, through the (tenant, ISRC, day) index: the title and artist of the latest day in the
 * period, and the release and track of the latest day the ISRC was matched (null when it never was).
 */
export const topTracks = async (em: EntityManager, principal: Principal, period: Period, limit: number): Promise<TopTrack[]> => {
  const artist = artistScopeOf(principal);
  const artistFilter = artist ? ' and "artist_id" = ?' : '';
  const artistParams = artist ? [artist] : [];
  const split = splitByMonths(period.from, period.to);
  const parts = [
    ...(split.months
      ? [
          {
            sql: `select "isrc", "streams", "downloads" from "analytics"."stream_recording_month"
                   where "tenant_id" = ? and "month" between ?::date and ?::date${artistFilter}`,
            params: [principal.tenant_id, split.months.from, split.months.to, ...artistParams],
          },
        ]
      : []),
    ...split.days.map((days) => ({
      sql: `select "isrc", "streams", "downloads" from "analytics"."stream_recording_day"
             where "tenant_id" = ? and "day" between ?::date and ?::date and "isrc" is not null${artistFilter}`,
      params: [principal.tenant_id, days.from, days.to, ...artistParams],
    })),
  ];
  const periodFilter = `d."tenant_id" = ? and d."isrc" = r."isrc" and d."day" between ?::date and ?::date${artist ? ' and d."artist_id" = ?' : ''}`;
  const latest = (column: 'release_id' | 'track_id') =>
    `(select d."${column}" from "analytics"."stream_recording_day" d
       where ${periodFilter} and d."${column}" is not null
       order by d."day" desc limit 1)`;
  const latestParams = [principal.tenant_id, period.from, period.to, ...artistParams];
  const rows = await em.execute<TopTrackRow[]>(
    `with ranked as (
       select "isrc", sum("streams") as "streams", sum("downloads") as "downloads"
         from (${parts.map((part) => part.sql).join('\n    union all\n    ')}) p
        group by "isrc"
        order by sum("streams") desc, sum("downloads") desc, "isrc"
        limit ?)
     select r."isrc", named."title", named."artist", ${latest('release_id')} as "release_uuid", ${latest('track_id')} as "track_uuid",
            r."streams"::bigint as "streams", r."downloads"::bigint as "downloads"
       from ranked r
       cross join lateral (
         select d."title", d."artist_name" as "artist" from "analytics"."stream_recording_day" d
          where ${periodFilter}
          order by d."day" desc limit 1) named
      order by r."streams" desc, r."downloads" desc, r."isrc"`,
    [...parts.flatMap((part) => part.params), limit, ...latestParams, ...latestParams, ...latestParams],
  );
  return rows.map((row) => ({ ...row, streams: Number(row.streams), downloads: Number(row.downloads) }));
};
