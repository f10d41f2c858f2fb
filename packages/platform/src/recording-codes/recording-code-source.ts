import {
  CatalogueOperation,
  RecordingCodesReply,
  systemPrincipal,
  type RecordingCodesBody,
  type RecordingCodesCursor,
  type ServiceName,
} from '@sv/contracts';
import { refusalOfReply } from '../errors/refusal-of-reply.ts';
import type { ServiceCaller } from '../nats/service-caller.ts';

/** Stands for no tenant when the platform asks about every tenant. */
const NO_TENANT = '00000000-0000-0000-0000-000000000000';

/** Which releases a rebuild reads: one tenant's, or every tenant's. */
export type RecordingCodeScope = { tenantId: string } | 'all';

/** Where recording codes come from: the catalogue's `recordings.codes`, asked by the platform itself. */
export interface RecordingCodesSource {
  /** The release as it is now; no release when the tenant has none of that id. */
  release(tenantId: string, releaseId: string): Promise<RecordingCodesReply>;
  /** A page of live releases after `after`, in (tenant, release) order. */
  page(scope: RecordingCodeScope, after: RecordingCodesCursor | null): Promise<RecordingCodesReply>;
}

/** The catalogue's contract for a service that keeps recording codes; `service` names the asker in logs. */
export const catalogueRecordingCodes = (caller: ServiceCaller, service: ServiceName): RecordingCodesSource => {
  const ask = async (tenantId: string, body: RecordingCodesBody): Promise<RecordingCodesReply> => {
    const reply = await caller.call('catalogue', CatalogueOperation.recordingCodes, systemPrincipal(tenantId, service), {}, body);
    if (reply.status === 200) return RecordingCodesReply.parse(reply.body);
    throw refusalOfReply(reply, 'catalogue_codes');
  };
  return {
    release: (tenantId, releaseId) => ask(tenantId, { kind: 'release', release_id: releaseId }),
    page: (scope, after) =>
      scope === 'all' ? ask(NO_TENANT, { kind: 'page', all_tenants: true, after }) : ask(scope.tenantId, { kind: 'page', after }),
  };
};
