import { RECORDINGS_MATCH_OPERATION, RELEASES_DESCRIBE_OPERATION, RecordingsMatchBody, ReleasesDescribeBody } from '@sv/contracts';
import { ok, parseOrThrow, type OperationTable } from '@sv/platform';
import { matchRecordings } from '../app/recordings/recording-match.ts';
import { describeReleases } from '../app/recordings/release-describe.ts';
import type { CatalogueContext } from '../catalogue-context.ts';

/**
 * Internal: royalties ties a store's report lines to tracks (by ISRC) and releases (by UPC);
 * analytics checks that ingested figures name the caller's releases.
 */
export const recordingOperations = ({ orm }: CatalogueContext): OperationTable => ({
  [RECORDINGS_MATCH_OPERATION]: async (request) => {
    const body = parseOrThrow(RecordingsMatchBody, request.body ?? {});
    return ok(await matchRecordings(orm.em.fork(), request.principal, body));
  },
  [RELEASES_DESCRIBE_OPERATION]: async (request) => {
    const body = parseOrThrow(ReleasesDescribeBody, request.body ?? {});
    return ok({ releases: await describeReleases(orm.em.fork(), request.principal, body.ids) });
  },
});
