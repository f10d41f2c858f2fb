import { ReleaseOperation, ReleaseSnapshotReply, systemPrincipal } from '@sv/contracts';
import { UnavailableError, isRecordNotFound, type ServiceCaller } from '@sv/platform';
import type { CataloguePort, ReleaseCommand } from '../../app/ports.ts';

const COMMANDS: Record<ReleaseCommand, string> = {
  qc_pass: ReleaseOperation.qcPass,
  qc_fail: ReleaseOperation.qcFail,
  mark_live: ReleaseOperation.markLive,
  mark_taken_down: ReleaseOperation.markTakenDown,
};

/** The catalogue, which owns releases: their snapshot and their state machine. */
export const catalogueClient = (caller: ServiceCaller): CataloguePort => ({
  async snapshot(principal, releaseId) {
    const reply = await caller.call('catalogue', ReleaseOperation.snapshot, principal, { uuid: releaseId });
    if (isRecordNotFound(reply)) return null;
    if (reply.status !== 200) throw new UnavailableError(undefined, 'catalogue_refused');
    return ReleaseSnapshotReply.parse(reply.body).release;
  },
  async command(tenantId, releaseId, command, reason) {
    const principal = systemPrincipal(tenantId, 'delivery');
    const reply = await caller.call('catalogue', COMMANDS[command], principal, { uuid: releaseId }, reason === undefined ? undefined : { reason });
    if (reply.status === 200) return 'done';
    if (reply.status === 409) return 'refused';
    throw new UnavailableError(undefined, `catalogue_${command}_${reply.status}`);
  },
});
