import {
  CatalogueOperation,
  RecordingCodesBody,
  RecordingsMatchBody,
  ReleaseOperation,
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
  [CatalogueOperation.recordingsMatch]: async (request) => {
    const body = parseOrThrow(RecordingsMatchBody, request.body ?? {});
    return ok(await matchRecordings(orm.em.fork(), request.principal, body));
  },
  [CatalogueOperation.recordingCodes]: async (request) => {
    const body = parseOrThrow(RecordingCodesBody, request.body ?? {});
    return ok(await readRecordingCodes(orm.em.fork(), request.principal, body));
  },
  [ReleaseOperation.describe]: async (request) => {
    const body = parseOrThrow(ReleasesDescribeBody, request.body ?? {});
    return ok({ releases: await describeReleases(orm.em.fork(), request.principal, body.ids) });
  },
});
