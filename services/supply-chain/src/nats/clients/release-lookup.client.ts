import type { NatsConnection } from '@nats-io/transport-node';
import { ReleaseLookupReply, ReleaseOperation, apiSubject, type Principal } from '@sv/contracts';
import { UnavailableError, callService, isRecordNotFound } from '@sv/platform';
import type { ReleaseLookupPort } from '../../app/release-dsps/ports.ts';

/** Asks the catalogue whether the principal may see a release, with the caller's own principal. */
export const releaseLookupClient = (nc: NatsConnection, subjectPrefix: string, timeoutMs: number): ReleaseLookupPort => ({
  async visibleRelease(principal: Principal, releaseId: string) {
    const reply = await callService(
      nc,
      apiSubject(subjectPrefix, 'catalogue'),
      { operation: ReleaseOperation.lookup, params: { uuid: releaseId }, principal },
      timeoutMs,
    );
    if (isRecordNotFound(reply)) return null;
    if (reply.status !== 200) throw new UnavailableError(undefined, 'catalogue_refused');
    return ReleaseLookupReply.parse(reply.body).release;
  },
});
