import { RecordingCodesRebuildBody, SharedOperation } from '@sv/contracts';
import { ForbiddenError } from '../errors/domain-errors.ts';
import { parseOrThrow } from '../errors/validate.ts';
import { ok } from '../http/replies.ts';
import type { OperationTable } from '../nats/rpc-server.ts';
import type { RecordingCodeProjection } from './recording-code-projection.ts';

/** 403: only the platform itself (the operator command) rebuilds a service's recording codes. */
export class RecordingCodesRebuildForbiddenError extends ForbiddenError {
  constructor() {
    super(undefined, 'recording_codes_rebuild_forbidden');
  }
}

/** `recording_codes.rebuild`: the operator's repair, for the principal's tenant or every tenant. */
export const recordingCodeOperations = (projection: RecordingCodeProjection): OperationTable => ({
  [SharedOperation.recordingCodesRebuild]: async (request) => {
    if (request.principal.actor.type !== 'system') throw new RecordingCodesRebuildForbiddenError();
    const body = parseOrThrow(RecordingCodesRebuildBody, request.body ?? {});
    const rebuilt = await projection.rebuild(body.all_tenants ? 'all' : { tenantId: request.principal.tenant_id });
    return ok({ rebuilt });
  },
});
