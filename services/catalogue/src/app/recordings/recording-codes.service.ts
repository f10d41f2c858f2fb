import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal, RecordingCodesBody, RecordingCodesReply } from '@sv/contracts';
import type { z } from 'zod';
import { RecordingCodesForbiddenError } from './recording-codes.errors.ts';
import { recordingCodesPage, releaseCodes } from './recording-codes.ts';

/**
 * `recordings.codes`: what the services that match store reports keep of the catalogue. Only the
 * platform's own services ask (a system principal), for the principal's tenant or every tenant.
 */
export const readRecordingCodes = (
  em: EntityManager,
  principal: Principal,
  body: z.output<typeof RecordingCodesBody>,
): Promise<RecordingCodesReply> => {
  if (principal.actor.type !== 'system') throw new RecordingCodesForbiddenError();
  if (body.kind === 'release') return releaseCodes(em, principal.tenant_id, body.release_id);
  return recordingCodesPage(em, body.all_tenants ? null : principal.tenant_id, body.after, body.limit);
};
