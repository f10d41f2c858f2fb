import { AnalyticsIngestBody, AnalyticsOperation, AnalyticsRangeQuery, AnalyticsReleaseRangeQuery } from '@sv/contracts';
import { assertCan, ok, parseOrThrow, type OperationTable } from '@sv/platform';
import type { AnalyticsContext } from '../analytics-context.ts';
import {
  presentArtistReport,
  presentByDsp,
  presentByRelease,
  presentByTerritory,
  presentIngested,
  presentOverview,
  presentTimeSeries,
} from '../app/reporting/reporting.presenter.ts';
import {
  readArtistReport,
  readByDsp,
  readByRelease,
  readByTerritory,
  readOverview,
  readTimeSeries,
} from '../app/reporting/reporting.service.ts';
import { ingestSnapshots } from '../app/reporting/snapshot-ingest.ts';

/** The first family (/analytics/*): thin adapters, one use-case each. */
export const reportingOperations = ({ orm, catalogue }: AnalyticsContext): OperationTable => ({
  [AnalyticsOperation.overview]: async (request) => {
    assertCan(request.principal, 'analytics.read');
    const query = parseOrThrow(AnalyticsRangeQuery, request.query);
    const { scope, figures } = await readOverview(orm.em.fork(), request.principal, query);
    return ok(presentOverview(scope, figures));
  },
  [AnalyticsOperation.byRelease]: async (request) => {
    assertCan(request.principal, 'analytics.read');
    const query = parseOrThrow(AnalyticsRangeQuery, request.query);
    return ok(presentByRelease(await readByRelease(orm.em.fork(), request.principal, query)));
  },
  [AnalyticsOperation.byTerritory]: async (request) => {
    assertCan(request.principal, 'analytics.read');
    const query = parseOrThrow(AnalyticsReleaseRangeQuery, request.query);
    return ok(presentByTerritory(await readByTerritory(orm.em.fork(), request.principal, query)));
  },
  [AnalyticsOperation.byDsp]: async (request) => {
    assertCan(request.principal, 'analytics.read');
    const query = parseOrThrow(AnalyticsRangeQuery, request.query);
    return ok(presentByDsp(await readByDsp(orm.em.fork(), request.principal, query)));
  },
  [AnalyticsOperation.timeSeries]: async (request) => {
    assertCan(request.principal, 'analytics.read');
    const query = parseOrThrow(AnalyticsReleaseRangeQuery, request.query);
    return ok(presentTimeSeries(await readTimeSeries(orm.em.fork(), request.principal, query)));
  },
  [AnalyticsOperation.artist]: async (request) => {
    assertCan(request.principal, 'analytics.read');
    const query = parseOrThrow(AnalyticsRangeQuery, request.query);
    const report = await readArtistReport(orm.em.fork(), catalogue, request.principal, request.params.uuid ?? '', query);
    return ok(presentArtistReport(report.artist, report.scope, report.figures));
  },
  [AnalyticsOperation.ingest]: async (request) => {
    // Anyone who reads analytics may report counts for the releases they can see.
    assertCan(request.principal, 'analytics.read');
    const body = parseOrThrow(AnalyticsIngestBody, request.body ?? {});
    return ok(presentIngested(await ingestSnapshots(orm.em.fork(), catalogue, request.principal, body)));
  },
});
