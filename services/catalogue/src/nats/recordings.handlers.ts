import { RECORDINGS_MATCH_OPERATION, RecordingsMatchBody } from '@sv/contracts';
import { ok, parseOrThrow, type OperationTable } from '@sv/platform';
import { matchRecordings } from '../app/recordings/recording-match.ts';
import type { CatalogueContext } from '../catalogue-context.ts';

/** Internal: royalties ties a store's report lines to tracks (by ISRC) and releases (by UPC). */
export const recordingOperations = ({ orm }: CatalogueContext): OperationTable => ({
  [RECORDINGS_MATCH_OPERATION]: async (request) => {
    const body = parseOrThrow(RecordingsMatchBody, request.body ?? {});
    return ok(await matchRecordings(orm.em.fork(), request.principal, body));
  },
});
