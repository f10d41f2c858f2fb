import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@sv/contracts';
import type { ReleaseLookupPort, VisibleRelease } from './ports.ts';
import { ReleaseNotFoundError } from './release-dsps.errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);

/** The catalogue decides who sees a release; anything it does not show the principal is 404. */
export const findVisibleRelease = async (releases: ReleaseLookupPort, principal: Principal, releaseId: string): Promise<VisibleRelease> => {
  if (!isUuid(releaseId)) throw new ReleaseNotFoundError();
  const release = await releases.visibleRelease(principal, releaseId);
  if (!release) throw new ReleaseNotFoundError();
  return release;
};

/**
 * Changes to one release's stores and settings run one at a time (a transaction-scoped
 * advisory lock), so each reply and event sees a whole state.
 */
export const lockRelease = (tx: EntityManager, tenantId: string, releaseId: string) =>
  tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`sv:supply_chain:release_dsp:${tenantId}:${releaseId}`]);
