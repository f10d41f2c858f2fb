import { randomUUID } from 'node:crypto';
import type { EntityManager, EntityName, FilterQuery } from '@mikro-orm/postgresql';
import { CreditEvents, type ReleaseStatus, type TrackCreditsBody, type TrackCreditsResource } from '@sv/contracts';
import { ValidationError, recordEvent, type FieldErrors } from '@sv/platform';
import { Collaborator } from '../../db/entities/collaborator.entity.ts';
import { Publisher } from '../../db/entities/publisher.entity.ts';
import { TrackCredit } from '../../db/entities/track-credit.entity.ts';
import { Writer } from '../../db/entities/writer.entity.ts';
import type { ReleaseViewer } from '../releases/release-access.ts';
import { CreditsLockedError } from './credits.errors.ts';
import { presentTrackCredits } from './track-credits.presenter.ts';
import { findVisibleTrack } from '../tracks/track-access.ts';
import { changeVisibleTrack } from './track-scope.ts';

/** Credits are what the release delivers: they change only before review (and after a rejection). */
const CREDITS_EDITABLE: ReadonlySet<ReleaseStatus> = new Set(['draft', 'rejected']);

interface Party {
  id: string;
  name: string;
}

/** Names of the parties `ids` (deleted ones included: a credit given earlier keeps its name). */
const namesOf = async <T extends Party>(em: EntityManager, entity: EntityName<T>, tenantId: string, ids: string[]): Promise<Map<string, string>> => {
  if (ids.length === 0) return new Map();
  const rows = (await em.find(entity, { id: { $in: [...new Set(ids)] }, tenantId } as FilterQuery<T>)) as T[];
  return new Map(rows.map((row) => [row.id, row.name]));
};

const loadTrackCredits = async (em: EntityManager, tenantId: string, trackId: string): Promise<TrackCreditsResource> => {
  const rows = await em.find(TrackCredit, { trackId }, { orderBy: { kind: 'asc', position: 'asc' } });
  const idsOf = (pick: (row: TrackCredit) => string | null) => rows.map(pick).filter((id): id is string => id !== null);
  const [writers, publishers, collaborators] = await Promise.all([
    namesOf(em, Writer, tenantId, idsOf((row) => row.writerId ?? null)),
    namesOf(em, Publisher, tenantId, idsOf((row) => row.publisherId ?? null)),
    namesOf(em, Collaborator, tenantId, idsOf((row) => row.collaboratorId ?? null)),
  ]);
  return presentTrackCredits(rows, { writers, publishers, collaborators });
};

/**
 * Every id of the body must name a live party of the tenant; each one that does not is a 422
 * at its path (writers.0.writer_id, …).
 */
const assertLiveParties = async (em: EntityManager, tenantId: string, body: TrackCreditsBody): Promise<void> => {
  const errors: FieldErrors = {};
  const check = async <T extends Party>(
    entity: EntityName<T>,
    references: { path: string; id: string }[],
    message: string,
  ): Promise<void> => {
    if (references.length === 0) return;
    const ids = [...new Set(references.map((reference) => reference.id.toLowerCase()))];
    const live = (await em.find(entity, { id: { $in: ids }, tenantId, deletedAt: null } as FilterQuery<T>, { fields: ['id'] as never })) as T[];
    const found = new Set(live.map((row) => row.id));
    for (const reference of references) if (!found.has(reference.id.toLowerCase())) errors[reference.path] = [message];
  };
  await check(Writer, body.writers.map((w, i) => ({ path: `writers.${i}.writer_id`, id: w.writer_id })), 'Writer not found.');
  await check(Publisher, body.publishers.map((p, i) => ({ path: `publishers.${i}.publisher_id`, id: p.publisher_id })), 'Publisher not found.');
  await check(
    Collaborator,
    body.collaborators.map((c, i) => ({ path: `collaborators.${i}.collaborator_id`, id: c.collaborator_id })),
    'Collaborator not found.',
  );
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
};

/** GET /tracks/{uuid}/credits. */
export const getTrackCredits = async (em: EntityManager, viewer: ReleaseViewer, trackId: string): Promise<TrackCreditsResource> => {
  const { track } = await findVisibleTrack(em, viewer, trackId);
  return loadTrackCredits(em, viewer.tenant_id, track.id);
};

/** PUT /tracks/{uuid}/credits: replaces every credit of the track, in one transaction with its event. */
export const replaceTrackCredits = (
  em: EntityManager,
  viewer: ReleaseViewer,
  trackId: string,
  body: TrackCreditsBody,
): Promise<TrackCreditsResource> =>
  changeVisibleTrack(em, viewer, trackId, async (tx, { track, release }) => {
    if (!CREDITS_EDITABLE.has(release.status as ReleaseStatus)) throw new CreditsLockedError();
    const tenantId = viewer.tenant_id;
    await assertLiveParties(tx, tenantId, body);
    await tx.nativeDelete(TrackCredit, { trackId: track.id });
    const now = new Date();
    const base = { tenantId, trackId: track.id, createdAt: now, writerId: null, publisherId: null, collaboratorId: null, role: null, share: null };
    body.writers.forEach((credit, position) =>
      tx.create(TrackCredit, { ...base, id: randomUUID(), kind: 'writer', position, writerId: credit.writer_id.toLowerCase(), role: credit.role, share: credit.share }),
    );
    body.publishers.forEach((credit, position) =>
      tx.create(TrackCredit, {
        ...base,
        id: randomUUID(),
        kind: 'publisher',
        position,
        publisherId: credit.publisher_id.toLowerCase(),
        writerId: credit.writer_id?.toLowerCase() ?? null,
        share: credit.share,
      }),
    );
    body.collaborators.forEach((credit, position) =>
      tx.create(TrackCredit, { ...base, id: randomUUID(), kind: 'collaborator', position, collaboratorId: credit.collaborator_id.toLowerCase(), role: credit.role }),
    );
    recordEvent(tx, CreditEvents.trackCreditsUpdated, tenantId, {
      track_id: track.id,
      release_id: release.id,
      writers: body.writers.length,
      publishers: body.publishers.length,
      collaborators: body.collaborators.length,
    });
    await tx.flush();
    return loadTrackCredits(tx, tenantId, track.id);
  });
