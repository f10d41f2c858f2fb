import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LocalizationEvents, type ReleaseLocalizationBody, type ReleaseStatus } from '@sv/contracts';
import { recordEvent } from '@sv/platform';
import type { Release } from '../../db/entities/release.entity.ts';
import { ReleaseLocalization } from '../../db/entities/release-localization.entity.ts';
import { changeVisibleRelease, findVisibleRelease, type ReleaseViewer } from '../releases/release-access.ts';
import { ReleaseLocalizationsLockedError } from './localizations.errors.ts';

/** Like the release's own metadata: editable until review starts, and again after a rejection. */
const EDITABLE: ReadonlySet<ReleaseStatus> = new Set(['draft', 'pending', 'rejected']);

const assertEditable = (release: Release): void => {
  if (!EDITABLE.has(release.status as ReleaseStatus)) throw new ReleaseLocalizationsLockedError();
};

/** GET /releases/{uuid}/localizations, in locale order. */
export const listReleaseLocalizations = async (em: EntityManager, viewer: ReleaseViewer, releaseId: string): Promise<ReleaseLocalization[]> => {
  const release = await findVisibleRelease(em, viewer, releaseId);
  return em.find(ReleaseLocalization, { releaseId: release.id }, { orderBy: { locale: 'asc' } });
};

/** PUT /releases/{uuid}/localizations/{locale}: creates or replaces the locale's record. */
export const putReleaseLocalization = (
  em: EntityManager,
  viewer: ReleaseViewer,
  releaseId: string,
  locale: string,
  body: ReleaseLocalizationBody,
): Promise<ReleaseLocalization> =>
  changeVisibleRelease(em, viewer, releaseId, async (tx, release) => {
    assertEditable(release);
    const now = new Date();
    const localization =
      (await tx.findOne(ReleaseLocalization, { releaseId: release.id, locale })) ??
      tx.create(ReleaseLocalization, { id: randomUUID(), tenantId: viewer.tenant_id, releaseId: release.id, locale, createdAt: now, updatedAt: now });
    localization.title = body.title ?? null;
    localization.titleVersion = body.title_version ?? null;
    localization.label = body.label ?? null;
    localization.description = body.description ?? null;
    localization.updatedAt = now;
    recordEvent(tx, LocalizationEvents.releaseLocalizationUpdated, viewer.tenant_id, { release_id: release.id, locale });
    await tx.flush();
    return localization;
  });

/** DELETE /releases/{uuid}/localizations/{locale}: idempotent; an absent locale changes nothing. */
export const deleteReleaseLocalization = (em: EntityManager, viewer: ReleaseViewer, releaseId: string, locale: string): Promise<void> =>
  changeVisibleRelease(em, viewer, releaseId, async (tx, release) => {
    assertEditable(release);
    const localization = await tx.findOne(ReleaseLocalization, { releaseId: release.id, locale });
    if (!localization) return;
    tx.remove(localization);
    recordEvent(tx, LocalizationEvents.releaseLocalizationDeleted, viewer.tenant_id, { release_id: release.id, locale });
    await tx.flush();
  });
