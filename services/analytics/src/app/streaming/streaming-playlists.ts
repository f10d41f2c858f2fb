import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@sv/contracts';
import { artistScopeOf } from '../read-scope.ts';
import { matchJoin } from './report-matches.ts';

export interface PlaylistEntry {
  playlist: string;
  store: string;
  playlist_followers: number | null;
  track: string;
  track_uuid: string | null;
  streams: number;
  streams_standard: number;
  streams_premium: number;
}

export interface PlaylistRanking {
  window: { first_day: string; last_day: string } | null;
  playlists: PlaylistEntry[];
}

interface PlaylistRow extends Omit<PlaylistEntry, 'streams' | 'streams_standard' | 'streams_premium'> {
  streams: string | number;
  streams_standard: string | number;
  streams_premium: string | number;
}

/**
 * The playlists carrying the catalogue in the latest playlist report window (the period of the
 * playlist report ending last), by streams: one row per playlist, store and recording. Playlist
 * position is never returned.
 */
export const playlistRanking = async (em: EntityManager, principal: Principal, limit: number): Promise<PlaylistRanking> => {
  const artist = artistScopeOf(principal);
  const [window] = await em.execute<{ first_day: string; last_day: string }[]>(
    `select "first_day"::text as "first_day", "last_day"::text as "last_day"
       from "analytics"."report_file"
      where "tenant_id" = ? and "kind" = 'playlists' and "last_day" is not null
      order by "last_day" desc, "loaded_at" desc
      limit 1`,
    [principal.tenant_id],
  );
  if (!window) return { window: null, playlists: [] };
  const rows = await em.execute<PlaylistRow[]>(
    `select r."playlist", r."store", max(r."playlist_followers") as "playlist_followers", max(r."title") as "track", m."track_id" as "track_uuid",
            sum(r."streams")::bigint as "streams", sum(r."streams_standard")::bigint as "streams_standard", sum(r."streams_premium")::bigint as "streams_premium"
       from "analytics"."playlist_row" r
       ${matchJoin('r')}
      where r."tenant_id" = ? ${artist ? 'and m."artist_id" = ?' : ''} and r."day" between ?::date and ?::date
      group by r."playlist", r."store", coalesce(r."isrc", r."upc"), m."track_id"
      order by sum(r."streams") desc, r."playlist", max(r."title")
      limit ?`,
    [principal.tenant_id, ...(artist ? [artist] : []), window.first_day, window.last_day, limit],
  );
  return {
    window,
    playlists: rows.map((row) => ({
      ...row,
      streams: Number(row.streams),
      streams_standard: Number(row.streams_standard),
      streams_premium: Number(row.streams_premium),
    })),
  };
};

export const playlistNote = (window: PlaylistRanking['window']): string =>
  window
    ? `Playlists of the latest playlist report window, ${window.first_day} to ${window.last_day}; from and to do not apply. Playlist position is not returned.`
    : 'No playlist report is loaded yet. Playlist position is not returned.';
