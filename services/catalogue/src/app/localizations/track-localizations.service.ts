import type { EntityManager } from '@mikro-orm/postgresql';
import { LocalizationEvents, canonicalLocale, type TrackLocalizationBody } from '@sv/contracts';
import { recordEvent } from '@sv/platform';
import type { Release } from '../../db/entities/release.entity.ts';
import type { Track } from '../../db/entities/track.entity.ts';
import { changeVisibleTrack } from '../credits/track-scope.ts';
import { findVisibleTrack } from '../tracks/track-access.ts';
import type { ReleaseViewer } from '../releases/release-access.ts';
import { TrackLocalizationsLockedError } from './localizations.errors.ts';

/*
 * A track's localizations are its own localized_titles, localized_title_versions and
 * localized_lyrics maps, so this resource and the track's fields always agree.
 */

const MAPS = {
  title: 'localizedTitles',
  title_version: 'localizedTitleVersions',
  lyrics: 'localizedLyrics',
} as const satisfies Record<keyof TrackLocalizationBody, keyof Track>;

const assertEditable = (release: Release): void => {
  if (release.status !== 'draft') throw new TrackLocalizationsLockedError();
};

/** The map without `locale` (nor any key that is another spelling of it), as a new object. */
const without = (map: Record<string, string> | null | undefined, locale: string): Record<string, string> =>
  Object.fromEntries(Object.entries(map ?? {}).filter(([key]) => key !== locale && canonicalLocale(key) !== locale));

const hasLocale = (track: Track, locale: string): boolean =>
  Object.values(MAPS).some((property) => Object.keys(track[property] ?? {}).some((key) => key === locale || canonicalLocale(key) === locale));

const touch = (track: Track): void => {
  track.updatedAt = new Date(Math.max(Date.now(), track.updatedAt.getTime() + 1));
};

/** GET /tracks/{uuid}/localizations. */
export const getTrackForLocalizations = async (em: EntityManager, viewer: ReleaseViewer, trackId: string): Promise<Track> =>
  (await findVisibleTrack(em, viewer, trackId)).track;

/** PUT /tracks/{uuid}/localizations/{locale}: the locale's entry in each map is set or cleared. */
export const putTrackLocalization = (
  em: EntityManager,
  viewer: ReleaseViewer,
  trackId: string,
  locale: string,
  body: TrackLocalizationBody,
): Promise<Track> =>
  changeVisibleTrack(em, viewer, trackId, async (tx, { track, release }) => {
    assertEditable(release);
    for (const [field, property] of Object.entries(MAPS) as [keyof TrackLocalizationBody, (typeof MAPS)[keyof typeof MAPS]][]) {
      const value = body[field];
      track[property] = value == null ? without(track[property], locale) : { ...without(track[property], locale), [locale]: value };
    }
    touch(track);
    recordEvent(tx, LocalizationEvents.trackLocalizationUpdated, viewer.tenant_id, { release_id: release.id, track_id: track.id, locale });
    await tx.flush();
    return track;
  });

/** DELETE /tracks/{uuid}/localizations/{locale}: idempotent; an absent locale changes nothing. */
export const deleteTrackLocalization = (em: EntityManager, viewer: ReleaseViewer, trackId: string, locale: string): Promise<void> =>
  changeVisibleTrack(em, viewer, trackId, async (tx, { track, release }) => {
    assertEditable(release);
    if (!hasLocale(track, locale)) return;
    for (const property of Object.values(MAPS)) track[property] = without(track[property], locale);
    touch(track);
    recordEvent(tx, LocalizationEvents.trackLocalizationDeleted, viewer.tenant_id, { release_id: release.id, track_id: track.id, locale });
    await tx.flush();
  });
