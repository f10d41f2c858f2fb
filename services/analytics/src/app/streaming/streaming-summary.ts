import type { EntityManager } from '@mikro-orm/postgresql';
import type { CatalogueCountsReply, Principal } from '@sv/contracts';
import type { CataloguePort } from '../catalogue-port.ts';
import { artistScopeOf } from '../read-scope.ts';
import type { Period } from './streaming-period.ts';

export interface StreamingSummary {
  period: Period;
  streams: number;
  downloads: number;
  days_reported: number;
  first_day: string | null;
  last_day: string | null;
  catalogue: CatalogueCountsReply;
  last_synced_at: string | null;
}

interface TotalsRow {
  streams: string | number;
  downloads: string | number;
  days: number;
  first_day: string | null;
  last_day: string | null;
}

/**
 * Streams and downloads of the period, the days reported and the catalogue's size: the tenant's
 * from the day rollup, an artist-scoped caller's from the recording rollup (its own rows only).
 */
export const streamingSummary = async (em: EntityManager, catalogue: CataloguePort, principal: Principal, period: Period): Promise<StreamingSummary> => {
  const artist = artistScopeOf(principal);
  const totals = (): Promise<TotalsRow[]> =>
    artist
    ? em.execute<TotalsRow[]>(
        `select coalesce(sum("streams"), 0)::bigint as "streams", coalesce(sum("downloads"), 0)::bigint as "downloads",
                count(distinct "day")::int as "days", min("day")::text as "first_day", max("day")::text as "last_day"
           from "analytics"."stream_recording_day"
          where "tenant_id" = ? and "artist_id" = ? and "day" between ?::date and ?::date`,
        [principal.tenant_id, artist, period.from, period.to],
      )
    : em.execute<TotalsRow[]>(
        `select coalesce(sum("streams"), 0)::bigint as "streams", coalesce(sum("downloads"), 0)::bigint as "downloads",
                count(*)::int as "days", min("day")::text as "first_day", max("day")::text as "last_day"
           from "analytics"."stream_day"
          where "tenant_id" = ? and "day" between ?::date and ?::date`,
        [principal.tenant_id, period.from, period.to],
      );
  const synced = (): Promise<{ loaded_at: Date | string | null }[]> =>
    em.execute<{ loaded_at: Date | string | null }[]>(
    `select max("loaded_at") as "loaded_at" from "analytics"."report_file" where "tenant_id" = ? and "kind" = 'streams'`,
    [principal.tenant_id],
  );
  // The catalogue answers while the database does; the two queries share one connection's turn.
  const [[[row], [sync]], counts] = await Promise.all([
    (async () => [await totals(), await synced()] as const)(),
    catalogue.counts(principal),
  ]);
  const loadedAt = sync?.loaded_at ?? null;
  return {
    period,
    streams: Number(row?.streams ?? 0),
    downloads: Number(row?.downloads ?? 0),
    days_reported: row?.days ?? 0,
    first_day: row?.first_day ?? null,
    last_day: row?.last_day ?? null,
    catalogue: counts,
    last_synced_at: loadedAt === null ? null : new Date(loadedAt).toISOString(),
  };
};
