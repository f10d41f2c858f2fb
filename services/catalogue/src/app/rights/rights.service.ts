import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { RightsEvents, type ReleaseStatus, type RightsBody } from '@sv/contracts';
import { recordEvent } from '@sv/platform';
import type { Release } from '../../db/entities/release.entity.ts';
import { RightsRecord } from '../../db/entities/rights-record.entity.ts';
import { changeVisibleTrack } from '../credits/track-scope.ts';
import { findVisibleTrack } from '../tracks/track-access.ts';
import { changeVisibleRelease, findVisibleRelease, type ReleaseViewer } from '../releases/release-access.ts';
import { RightsLockedError } from './rights.errors.ts';

/** Rights are what the release delivers: they change only before review (and after a rejection). */
const RIGHTS_EDITABLE: ReadonlySet<ReleaseStatus> = new Set(['draft', 'rejected']);

/** Whose rights: a release's own, or one track's. */
type Subject = { releaseId: string; trackId: null } | { releaseId: null; trackId: string };

const recordsOf = (em: EntityManager, subject: Subject): Promise<RightsRecord[]> =>
  em.find(RightsRecord, subject.trackId ? { trackId: subject.trackId } : { releaseId: subject.releaseId }, { orderBy: { position: 'asc' } });

/** Replaces the subject's records with the body's, in the caller's transaction. */
const replaceRecords = async (tx: EntityManager, tenantId: string, release: Release, subject: Subject, body: RightsBody): Promise<RightsRecord[]> => {
  if (!RIGHTS_EDITABLE.has(release.status as ReleaseStatus)) throw new RightsLockedError();
  await tx.nativeDelete(RightsRecord, subject.trackId ? { trackId: subject.trackId } : { releaseId: subject.releaseId });
  const now = new Date();
  const records = body.rights.map((right, position) =>
    tx.create(RightsRecord, {
      id: randomUUID(),
      tenantId,
      ...subject,
      position,
      type: right.type,
      holder: right.holder,
      share: right.share,
      territoryCodes: right.territory_codes,
      startDate: right.start_date ?? null,
      endDate: right.end_date ?? null,
      pLine: right.p_line ?? null,
      cLine: right.c_line ?? null,
      createdAt: now,
    }),
  );
  if (subject.trackId) {
    recordEvent(tx, RightsEvents.trackRightsUpdated, tenantId, { release_id: release.id, track_id: subject.trackId, records: records.length });
  } else {
    recordEvent(tx, RightsEvents.releaseRightsUpdated, tenantId, { release_id: release.id, records: records.length });
  }
  await tx.flush();
  return records;
};

export const getReleaseRights = async (em: EntityManager, viewer: ReleaseViewer, releaseId: string): Promise<RightsRecord[]> => {
  const release = await findVisibleRelease(em, viewer, releaseId);
  return recordsOf(em, { releaseId: release.id, trackId: null });
};

export const replaceReleaseRights = (em: EntityManager, viewer: ReleaseViewer, releaseId: string, body: RightsBody): Promise<RightsRecord[]> =>
  changeVisibleRelease(em, viewer, releaseId, (tx, release) =>
    replaceRecords(tx, viewer.tenant_id, release, { releaseId: release.id, trackId: null }, body),
  );

export const getTrackRights = async (em: EntityManager, viewer: ReleaseViewer, trackId: string): Promise<RightsRecord[]> => {
  const { track } = await findVisibleTrack(em, viewer, trackId);
  return recordsOf(em, { releaseId: null, trackId: track.id });
};

export const replaceTrackRights = (em: EntityManager, viewer: ReleaseViewer, trackId: string, body: RightsBody): Promise<RightsRecord[]> =>
  changeVisibleTrack(em, viewer, trackId, (tx, { track, release }) =>
    replaceRecords(tx, viewer.tenant_id, release, { releaseId: null, trackId: track.id }, body),
  );
