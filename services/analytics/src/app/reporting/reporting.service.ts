import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@sv/contracts';
import type { CataloguePort } from '../catalogue-port.ts';
import { artistScopeOf } from '../read-scope.ts';
import { artistFigures, monthlyStreams, overviewFigures, streamsByDsp, streamsByRelease, streamsByTerritory } from './report-queries.ts';
import { reportScope } from './report-scope.ts';
import { ReportArtistNotFoundError } from './reporting.errors.ts';

type RangeQuery = { from?: string; to?: string };
type ReleaseRangeQuery = RangeQuery & { release_uuid?: string };

/*
 * The first family's reads: the caller's tenant only, and only its own artist's releases when the
 * caller is artist-scoped. Each returns the range it covered beside the figures.
 */

export const readOverview = async (em: EntityManager, principal: Principal, query: RangeQuery) => {
  const scope = reportScope(principal, query);
  return { scope, figures: await overviewFigures(em, scope) };
};

export const readByRelease = (em: EntityManager, principal: Principal, query: RangeQuery) =>
  streamsByRelease(em, reportScope(principal, query));

export const readByTerritory = (em: EntityManager, principal: Principal, query: ReleaseRangeQuery) =>
  streamsByTerritory(em, reportScope(principal, query));

export const readByDsp = (em: EntityManager, principal: Principal, query: RangeQuery) => streamsByDsp(em, reportScope(principal, query));

export const readTimeSeries = (em: EntityManager, principal: Principal, query: ReleaseRangeQuery) =>
  monthlyStreams(em, reportScope(principal, query));

/**
 * One artist of the caller's workspace: 404 when the catalogue has no such artist for the caller,
 * or when an artist-scoped caller asks about another artist.
 */
export const readArtistReport = async (em: EntityManager, catalogue: CataloguePort, principal: Principal, artistId: string, query: RangeQuery) => {
  const scope = { ...reportScope(principal, query), artistId };
  const ownArtist = artistScopeOf(principal);
  if (ownArtist !== null && ownArtist !== artistId) throw new ReportArtistNotFoundError();
  const name = await catalogue.artistName(principal, artistId);
  if (name === null) throw new ReportArtistNotFoundError();
  return { artist: { uuid: artistId, name }, scope, figures: await artistFigures(em, scope) };
};
