import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@sv/contracts';
import type { CataloguePort } from '../catalogue-port.ts';
import { artistScopeOf } from '../read-scope.ts';

export interface Coverage {
  matched_by: { method: 'isrc' | 'upc' | 'unmatched'; count: number }[];
  unreported_releases: { release_uuid: string; title: string; upc: string | null; delivered_barcode: string | null }[];
}

export const COVERAGE_NOTE =
  'Rows are tied to a track by ISRC, else to a release by UPC, else counted unmatched (never attributed). ' +
  'Unreported releases are delivered (approved or live) releases that no loaded report has a row for yet.';

/**
 * How the loaded day-level rows were matched (every method, unmatched included), and which of the
 * caller's delivered releases no report row names yet, asked of the rollup one release at a time
 * through its release index.
 */
export const streamingCoverage = async (em: EntityManager, catalogue: CataloguePort, principal: Principal): Promise<Coverage> => {
  const artist = artistScopeOf(principal);
  const [counts, releases] = await Promise.all([
    em.execute<{ method: string | null; count: string | number }[]>(
      `select "matched_by" as "method", sum("row_count")::bigint as "count"
         from "analytics"."stream_recording_day"
        where "tenant_id" = ? ${artist ? 'and "artist_id" = ?' : ''}
        group by "matched_by"`,
      artist ? [principal.tenant_id, artist] : [principal.tenant_id],
    ),
    catalogue.deliveredReleases(principal),
  ]);
  const countOf = (method: string | null) => Number(counts.find((row) => row.method === method)?.count ?? 0);
  const reported = releases.length === 0
    ? []
    : await em.execute<{ release_id: string }[]>(
        `select code."id" as "release_id"
           from jsonb_array_elements_text(?::jsonb) as code("id")
          where exists (select 1 from "analytics"."stream_recording_day" r where r."tenant_id" = ? and r."release_id" = code."id"::uuid)`,
        [JSON.stringify(releases.map((release) => release.release_id)), principal.tenant_id],
      );
  const reportedIds = new Set(reported.map((row) => row.release_id));
  return {
    matched_by: [
      { method: 'isrc', count: countOf('isrc') },
      { method: 'upc', count: countOf('upc') },
      { method: 'unmatched', count: countOf(null) },
    ],
    unreported_releases: releases
      .filter((release) => !reportedIds.has(release.release_id))
      .map((release) => ({ release_uuid: release.release_id, title: release.title, upc: release.upc, delivered_barcode: release.delivered_barcode })),
  };
};
