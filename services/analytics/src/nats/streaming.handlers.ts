import {
  AnalyticsOperation,
  AnalyticsRangeQuery,
  StreamingArtistWeeklyQuery,
  StreamingChartsQuery,
  StreamingDailyQuery,
  StreamingLoadFileBody,
  StreamingLoadJobBody,
  StreamingMarketsQuery,
  StreamingPlaylistsQuery,
  StreamingStoresQuery,
  StreamingTracksQuery,
  type ParsedServiceRequest,
} from '@sv/contracts';
import { accepted, assertCan, ok, parseOrThrow, type OperationTable } from '@sv/platform';
import type { AnalyticsContext } from '../analytics-context.ts';
import { artistWeekly } from '../app/streaming/artist-weekly.ts';
import { presentReportLoadJob } from '../app/streaming/report-load-job.presenter.ts';
import { enqueueReportLoad, findReportLoadJob } from '../app/streaming/report-load-jobs.ts';
import { chartEntries } from '../app/streaming/streaming-charts.ts';
import { streamingCoverage } from '../app/streaming/streaming-coverage.ts';
import { streamingDaily } from '../app/streaming/streaming-daily.ts';
import { periodOf } from '../app/streaming/streaming-period.ts';
import { playlistRanking } from '../app/streaming/streaming-playlists.ts';
import { streamingSummary } from '../app/streaming/streaming-summary.ts';
import { topTracks } from '../app/streaming/streaming-tracks.ts';
import { windowRanking } from '../app/streaming/streaming-window.ts';
import { ReportLoadForbiddenError } from '../app/streaming/streaming.errors.ts';
import {
  presentArtistWeekly,
  presentCharts,
  presentCoverage,
  presentDaily,
  presentMarkets,
  presentPlaylists,
  presentStores,
  presentSummary,
  presentTracks,
} from '../app/streaming/streaming.presenter.ts';

/** Every read of the family: any member may read; artist-scoped callers see their own artist only. */
const reader = (request: ParsedServiceRequest) => {
  assertCan(request.principal, 'analytics.read');
  return request.principal;
};

/** The streaming family (/analytics/streaming/*) and the report-file load jobs: thin adapters, one use-case each. */
export const streamingOperations = ({ orm, catalogue }: AnalyticsContext): OperationTable => ({
  [AnalyticsOperation.streamingSummary]: async (request) => {
    const principal = reader(request);
    const period = periodOf(parseOrThrow(AnalyticsRangeQuery, request.query));
    return ok(presentSummary(await streamingSummary(orm.em.fork(), catalogue, principal, period)));
  },
  [AnalyticsOperation.streamingDaily]: async (request) => {
    const principal = reader(request);
    const query = parseOrThrow(StreamingDailyQuery, request.query);
    const period = periodOf(query);
    const daily = await streamingDaily(orm.em.fork(), principal, period, { releaseId: query.release_uuid, trackId: query.track_uuid });
    return ok(presentDaily(period, daily));
  },
  [AnalyticsOperation.streamingMarkets]: async (request) => {
    const principal = reader(request);
    const query = parseOrThrow(StreamingMarketsQuery, request.query);
    return ok(presentMarkets(await windowRanking(orm.em.fork(), principal, 'markets', query.limit)));
  },
  [AnalyticsOperation.streamingStores]: async (request) => {
    const principal = reader(request);
    const query = parseOrThrow(StreamingStoresQuery, request.query);
    return ok(presentStores(await windowRanking(orm.em.fork(), principal, 'stores', query.limit)));
  },
  [AnalyticsOperation.streamingTracks]: async (request) => {
    const principal = reader(request);
    const query = parseOrThrow(StreamingTracksQuery, request.query);
    const period = periodOf(query);
    return ok(presentTracks(period, await topTracks(orm.em.fork(), principal, period, query.limit)));
  },
  [AnalyticsOperation.streamingPlaylists]: async (request) => {
    const principal = reader(request);
    const query = parseOrThrow(StreamingPlaylistsQuery, request.query);
    return ok(presentPlaylists(await playlistRanking(orm.em.fork(), principal, query.limit)));
  },
  [AnalyticsOperation.streamingCharts]: async (request) => {
    const principal = reader(request);
    const query = parseOrThrow(StreamingChartsQuery, request.query);
    return ok(presentCharts(await chartEntries(orm.em.fork(), principal, periodOf(query), query.limit)));
  },
  [AnalyticsOperation.streamingCoverage]: async (request) => {
    const principal = reader(request);
    return ok(presentCoverage(await streamingCoverage(orm.em.fork(), catalogue, principal)));
  },
  [AnalyticsOperation.streamingArtistWeekly]: async (request) => {
    const principal = reader(request);
    const query = parseOrThrow(StreamingArtistWeeklyQuery, request.query);
    return ok(presentArtistWeekly(await artistWeekly(orm.em.fork(), catalogue, principal, request.params.uuid ?? '', query.weeks)));
  },
  [AnalyticsOperation.streamingLoadFile]: async (request) => {
    // Only the platform itself loads report files: the operator command, never an API caller.
    if (request.principal.actor.type !== 'system') throw new ReportLoadForbiddenError();
    const body = parseOrThrow(StreamingLoadFileBody, request.body ?? {});
    // Answered at once: the load runs as a job, read with AnalyticsOperation.streamingLoadJob.
    const job = await enqueueReportLoad(orm.em.fork(), request.principal.tenant_id, {
      origin: 'operator',
      blobKey: body.blob_key,
      fileName: body.file_name,
      store: body.store,
      bytesTotal: body.size_bytes,
    });
    return accepted({ job: presentReportLoadJob(job) });
  },
  [AnalyticsOperation.streamingLoadJob]: async (request) => {
    if (request.principal.actor.type !== 'system') throw new ReportLoadForbiddenError();
    const body = parseOrThrow(StreamingLoadJobBody, request.body ?? {});
    return ok({ job: presentReportLoadJob(await findReportLoadJob(orm.em.fork(), request.principal.tenant_id, body.job_id)) });
  },
});
