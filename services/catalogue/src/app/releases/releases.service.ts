import { randomUUID } from 'node:crypto';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import {
  ReleaseEvents,
  isArtistScoped,
  type CreateReleaseBody,
  type Principal,
  type ReleaseAuthorship,
  type ReleaseStatus,
  type UpdateReleaseBody,
} from '@sv/contracts';
import { recordEvent } from '@sv/platform';
import { Release } from '../../db/entities/release.entity.ts';
import { Track } from '../../db/entities/track.entity.ts';
import type { CatalogueContext } from '../../catalogue-context.ts';
import { importCoverArt, type StoredArtwork } from '../artwork/cover-art-import.ts';
import { changeVisibleRelease, findVisibleRelease, touch } from './release-access.ts';
import { releaseArtistOf, resolveTenantArtist } from './release-artist.ts';
import { recordArtworkUploaded, releaseChange } from './release-changes.ts';
import { deleteRefusal, updateRefusal } from './release-state-machine.ts';
import { assertUpcFree, assertValidUpc, assignUpc } from './release-upc.ts';
import { DuplicateUpcError, ReleaseStateConflictError, StaleReleaseError } from './releases.errors.ts';

/** What creating or changing a release needs besides the database: cover import and the UPC prefix. */
export type ReleaseWriteDeps = Pick<CatalogueContext, 'blobs' | 'logger' | 'config'>;

/** API field name → entity property, for the fields a client sets directly. */
const WRITABLE_FIELDS = {
  title: 'title',
  type: 'type',
  release_date: 'releaseDate',
  genre: 'genre',
  subgenre: 'subgenre',
  language: 'language',
  label: 'label',
  copyright_year: 'copyrightYear',
  copyright_holder: 'copyrightHolder',
} as const satisfies Partial<Record<keyof UpdateReleaseBody, keyof Release>>;

const applyFields = (release: Release, input: UpdateReleaseBody): void => {
  for (const [field, property] of Object.entries(WRITABLE_FIELDS)) {
    const value = input[field as keyof typeof WRITABLE_FIELDS];
    if (value !== undefined) (release as Record<string, unknown>)[property] = value;
  }
};

/** Turns the live-UPC unique index (a race the pre-check lost) into the spec's 409. */
const guardingUpc = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new DuplicateUpcError();
    throw error;
  }
};

/** A cover imported for a write that then failed is not kept. */
const discardingArtworkOnFailure = async <T>(deps: ReleaseWriteDeps, artwork: StoredArtwork | null, write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (artwork) await deps.blobs.remove(artwork.key).catch(() => undefined);
    throw error;
  }
};

/**
 * POST /releases: a draft under the principal's artist (or the named one), with the current
 * UTC year as copyright year and an auto-assigned UPC unless one is supplied. The cover is
 * fetched and stored before the write opens.
 */
export const createRelease = async (
  deps: ReleaseWriteDeps,
  em: EntityManager,
  tenantId: string,
  authorship: Extract<ReleaseAuthorship, { allowed: true }>,
  input: CreateReleaseBody,
): Promise<Release> => {
  const artistId = await releaseArtistOf(em, tenantId, authorship, input.artist_id);
  const suppliedUpc = input.upc || undefined;
  if (suppliedUpc) {
    assertValidUpc(suppliedUpc);
    await assertUpcFree(em, tenantId, suppliedUpc);
  }
  const artwork = input.cover_art_url ? await importCoverArt(deps, tenantId, input.cover_art_url) : null;
  return discardingArtworkOnFailure(deps, artwork, async () => {
    const upc = suppliedUpc ?? (await assignUpc(em, tenantId, deps.config.upcPrefix));
    const now = new Date();
    const release = em.create(Release, {
      id: randomUUID(),
      tenantId,
      artistId,
      title: input.title,
      type: input.type,
      status: 'draft' satisfies ReleaseStatus,
      upc,
      releaseDate: input.release_date,
      genre: input.genre,
      copyrightYear: input.copyright_year ?? now.getUTCFullYear(),
      artworkUrl: artwork?.url ?? null,
      artworkKey: artwork?.key ?? null,
      rejectionReason: null,
      firstSubmittedAt: null,
      submittedAt: null,
      approvedAt: null,
      deliveredAt: null,
      liveAt: null,
      takenDownAt: null,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    });
    applyFields(release, input);
    recordEvent(em, ReleaseEvents.created, tenantId, releaseChange(release));
    recordArtworkUploaded(em, release);
    await guardingUpc(() => em.flush());
    return release;
  });
};

const assertEditable = (release: Release): void => {
  const refusal = updateRefusal(release.status as ReleaseStatus);
  if (refusal) throw new ReleaseStateConflictError(refusal, 'update');
};

/** The client read the release at `readAt`; a later stored version means someone else changed it. */
const assertFresh = (release: Release, readAt: string | undefined): void => {
  if (readAt !== undefined && Date.parse(readAt) < release.updatedAt.getTime()) throw new StaleReleaseError();
};

/**
 * PATCH/PUT /releases/{uuid}: only supplied fields change, in draft, pending or rejected (rule 4). Cheap
 * refusals and the cover import happen first; the write then re-checks state and freshness on
 * the row locked for update, so of two concurrent writers the second sees the first's change.
 */
export const updateRelease = async (
  deps: ReleaseWriteDeps,
  em: EntityManager,
  principal: Principal,
  releaseId: string,
  input: UpdateReleaseBody,
): Promise<Release> => {
  const current = await findVisibleRelease(em, principal, releaseId);
  assertEditable(current);
  assertFresh(current, input.updated_at);
  const tenantId = current.tenantId;
  // Artist-scoped keys act for their own artist only: a release cannot be handed to another.
  const artistId =
    input.artist_id !== undefined && input.artist_id !== null && !isArtistScoped(principal)
      ? await resolveTenantArtist(em, tenantId, input.artist_id)
      : undefined;
  // A blank UPC leaves the stored one: a release always has a product code.
  const upc = input.upc && input.upc !== current.upc ? input.upc : undefined;
  if (upc) {
    assertValidUpc(upc);
    await assertUpcFree(em, tenantId, upc, current.id);
  }
  const newCover = input.cover_art_url && input.cover_art_url !== current.artworkUrl ? input.cover_art_url : undefined;
  const artwork = newCover ? await importCoverArt(deps, tenantId, newCover) : null;
  let replacedKey: string | null = null;
  const updated = await discardingArtworkOnFailure(deps, artwork, () =>
    guardingUpc(() =>
      changeVisibleRelease(em, principal, releaseId, async (tx, release) => {
        assertEditable(release);
        assertFresh(release, input.updated_at);
        applyFields(release, input);
        if (artistId) release.artistId = artistId;
        if (upc) release.upc = upc;
        if (artwork || input.cover_art_url === null) replacedKey = release.artworkKey ?? null;
        if (artwork) {
          release.artworkUrl = artwork.url;
          release.artworkKey = artwork.key;
        } else if (input.cover_art_url === null) {
          release.artworkUrl = null;
          release.artworkKey = null;
        }
        touch(release);
        recordEvent(tx, ReleaseEvents.updated, tenantId, releaseChange(release));
        if (artwork) recordArtworkUploaded(tx, release);
        return release;
      }),
    ),
  );
  // The replaced cover goes only once the new one is committed.
  if (replacedKey && replacedKey !== updated.artworkKey) await deps.blobs.remove(replacedKey).catch(() => undefined);
  return updated;
};

/** DELETE /releases/{uuid}: only draft or rejected (rule 3); the release and its tracks are soft-deleted together. */
export const deleteRelease = (em: EntityManager, principal: Principal, releaseId: string): Promise<void> =>
  changeVisibleRelease(em, principal, releaseId, async (tx, release) => {
    const refusal = deleteRefusal(release.status as ReleaseStatus);
    if (refusal) throw new ReleaseStateConflictError(refusal, 'delete');
    const now = new Date();
    release.deletedAt = now;
    await tx.nativeUpdate(Track, { releaseId: release.id, deletedAt: null }, { deletedAt: now, updatedAt: now });
    recordEvent(tx, ReleaseEvents.deleted, release.tenantId, releaseChange(release));
  });
