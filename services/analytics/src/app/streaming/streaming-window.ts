import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@sv/contracts';
import { artistScopeOf } from '../read-scope.ts';

export interface WindowRanking {
  /** The latest reporting window, or null when nothing is loaded yet. */
  window: { first_day: string; last_day: string } | null;
  rows: { name: string; streams: number }[];
}

const RANKED = {
  markets: { table: 'stream_window_territory', column: 'territory' },
  stores: { table: 'stream_window_store', column: 'store' },
} as const;

/**
 * Streams by market or by store in the latest reporting window only (from/to do not apply: windows
 * must never be summed), largest first, from the window rollups. An artist-scoped caller sees its
 * own artist's rows.
 */
export const windowRanking = async (em: EntityManager, principal: Principal, ranked: keyof typeof RANKED, limit: number): Promise<WindowRanking> => {
  const { table, column } = RANKED[ranked];
  const artist = artistScopeOf(principal);
  const [window] = await em.execute<{ first_day: string; last_day: string }[]>(
    `select "first_day"::text as "first_day", "last_day"::text as "last_day" from "analytics"."stream_window" where "tenant_id" = ?`,
    [principal.tenant_id],
  );
  const rows = await em.execute<{ name: string; streams: string | number }[]>(
    `select "${column}" as "name", sum("streams")::bigint as "streams"
       from "analytics"."${table}"
      where "tenant_id" = ? ${artist ? 'and "artist_id" = ?' : ''}
      group by "${column}"
      order by sum("streams") desc, "${column}"
      limit ?`,
    artist ? [principal.tenant_id, artist, limit] : [principal.tenant_id, limit],
  );
  return { window: window ?? null, rows: rows.map((row) => ({ name: row.name, streams: Number(row.streams) })) };
};

/** Says which window the figures are of, and that from/to do not apply to them. */
export const windowNote = (window: WindowRanking['window']): string =>
  window
    ? `Streams of the latest reporting window, ${window.first_day} to ${window.last_day}; from and to do not apply. Windows must not be summed.`
    : 'No streaming report is loaded yet; figures cover the latest reporting window once one is (from and to do not apply).';
