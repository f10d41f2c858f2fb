import type { EntityManager } from '@mikro-orm/postgresql';
import { matchRecordingCodes } from '@sv/platform';
import { ANALYTICS_SCHEMA } from '../../db/index.ts';
import { barcodeForms, codeMatchesOf, type CodeMatches } from '../streaming/code-matching.ts';

/**
 * Ties a report's distinct codes to the tenant's catalogue as analytics keeps it (the recording
 * codes followed from the catalogue's events): ISRCs to tracks and barcodes, in every form, to
 * releases, in one join each rather than a request per thousand codes. Answers what the
 * catalogue-asking `matchCodes` answers for the same codes.
 */
export const matchReportCodes = async (em: EntityManager, tenantId: string, isrcs: Iterable<string>, upcs: Iterable<string>): Promise<CodeMatches> => {
  const reportedUpcs = [...new Set(upcs)];
  const found = await matchRecordingCodes(em, ANALYTICS_SCHEMA, { tenant_id: tenantId, artist_id: null }, {
    isrcs,
    upcs: reportedUpcs.flatMap(barcodeForms),
  });
  return codeMatchesOf(reportedUpcs, found);
};
