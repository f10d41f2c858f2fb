import type { NatsConnection } from '@nats-io/transport-node';
import { ReleaseOperation, ReleaseSnapshotReply, apiSubject, type Principal } from '@sv/contracts';
import { UnavailableError, callService, isRecordNotFound } from '@sv/platform';
import type { ReleaseSnapshotPort } from '../../app/release-config/ports.ts';

/** Asks the catalogue for the whole release, with the caller's own principal (its visibility rules apply). */
export const releaseSnapshotClient = (nc: NatsConnection, subjectPrefix: string, timeoutMs: number): ReleaseSnapshotPort => ({
  async snapshot(principal: Principal, releaseId: string) {
    const reply = await callService(
      nc,
      apiSubject(subjectPrefix, 'catalogue'),
      { operation: ReleaseOperation.snapshot, params: { uuid: releaseId }, principal },
      timeoutMs,
    );
    if (isRecordNotFound(reply)) return null;
    if (reply.status !== 200) throw new UnavailableError(undefined, 'catalogue_refused');
    return ReleaseSnapshotReply.parse(reply.body).release;
  },
});
