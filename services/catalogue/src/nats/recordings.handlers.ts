import {
  RECORDING_CODES_OPERATION,
  RECORDINGS_MATCH_OPERATION,
  RELEASES_DESCRIBE_OPERATION,
  RecordingCodesBody,
  RecordingsMatchBody,
  ReleasesDescribeBody,
} from '@sv/contracts';
import { ok, parseOrThrow, type OperationTable } from '@sv/platform';
import { readRecordingCodes } from '../app/recordings/recording-codes.service.ts';
import { matchRecordings } from '../app/recordings/recording-match.ts';
import { describeReleases } from '../app/recordings/release-describe.ts';
import type { CatalogueContext } from '../catalogue-context.ts';

/**
 * Internal: royalties ties a store's report lines to tracks (by ISRC) and releases (by UPC);
 * analytics checks that ingested figures name the caller's releases; both keep the codes they
 * match by from `recordings.codes`.
 */
export const recordingOperations = ({ orm }: CatalogueContext): OperationTable => ({
  [RECORDINGS_MATCH_OPERATION]: async (request) => {
    const body = parseOrThrow(RecordingsMatchBody, request.body ?? {});
    return ok(await matchRecordings(orm.em.fork(), request.principal, body));
  },
  [RECORDING_CODES_OPERATION]: async (request) => {
    const body = parseOrThrow(RecordingCodesBody, request.body ?? {});
    return ok(await readRecordingCodes(orm.em.fork(), request.principal, body));
  },
  [RELEASES_DESCRIBE_OPERATION]: async (request) => {
    const body = parseOrThrow(ReleasesDescribeBody, request.body ?? {});
    return ok({ releases: await describeReleases(orm.em.fork(), request.principal, body.ids) });
  },
});
