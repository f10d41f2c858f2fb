import { IsolationLevel, type EntityManager } from '@mikro-orm/postgresql';
import type { ReleaseSnapshot, SnapshotCredit, SnapshotRightsRecord, TrackSnapshot } from '@sv/contracts';
import { Artist } from '../../db/entities/artist.entity.ts';
import { Collaborator } from '../../db/entities/collaborator.entity.ts';
import { ReleaseLocalization } from '../../db/entities/release-localization.entity.ts';
import { RightsRecord } from '../../db/entities/rights-record.entity.ts';
import { TrackCredit } from '../../db/entities/track-credit.entity.ts';
import { Track } from '../../db/entities/track.entity.ts';
import { Writer } from '../../db/entities/writer.entity.ts';
import { findVisibleRelease, type ReleaseViewer } from './release-access.ts';
import { presentReleaseMetadata } from './release.presenter.ts';

const presentRights = (record: RightsRecord): SnapshotRightsRecord => ({
  type: record.type,
  holder: record.holder,
  share: Number(record.share),
  territory_codes: record.territoryCodes,
  start_date: record.startDate ?? null,
  end_date: record.endDate ?? null,
  p_line: record.pLine ?? null,
  c_line: record.cLine ?? null,
});

/** Writers and collaborators credited on each track, by name and role, in the client's order. */
const creditsByTrack = async (em: EntityManager, tenantId: string, trackIds: string[]): Promise<Map<string, SnapshotCredit[]>> => {
  const credits = await em.find(TrackCredit, { tenantId, trackId: { $in: trackIds }, kind: { $in: ['writer', 'collaborator'] } }, { orderBy: { trackId: 'asc', position: 'asc' } });
  const writerIds = credits.flatMap((credit) => (credit.writerId ? [credit.writerId] : []));
  const collaboratorIds = credits.flatMap((credit) => (credit.collaboratorId ? [credit.collaboratorId] : []));
  const writers = writerIds.length ? await em.find(Writer, { id: { $in: writerIds } }) : [];
  const collaborators = collaboratorIds.length ? await em.find(Collaborator, { id: { $in: collaboratorIds } }) : [];
  const names = new Map<string, string>([...writers, ...collaborators].map((party) => [party.id, party.name]));
  const byTrack = new Map<string, SnapshotCredit[]>();
  for (const credit of credits) {
    const name = names.get(credit.writerId ?? credit.collaboratorId ?? '');
    if (!name) continue;
    const list = byTrack.get(credit.trackId) ?? [];
    list.push({ name, role: credit.role ?? (credit.kind === 'writer' ? 'Composer' : 'Contributor') });
    byTrack.set(credit.trackId, list);
  }
  return byTrack;
};

const presentTrack = (track: Track, credits: SnapshotCredit[], rights: SnapshotRightsRecord[]): TrackSnapshot => ({
  uuid: track.id,
  isrc: track.isrc,
  iswc: track.iswc ?? null,
  title: track.title,
  title_version: track.titleVersion ?? null,
  version_type: track.versionType ?? null,
  position: track.position,
  disc_number: track.discNumber,
  explicit: track.explicit,
  duration_seconds: track.durationSeconds ?? null,
  language: track.language,
  artist_name: track.artistName ?? null,
  contributors: track.contributors,
  additional_artists: track.additionalArtists,
  credits,
  localized_titles: track.localizedTitles,
  localized_title_versions: track.localizedTitleVersions,
  copyright_holder: track.copyrightHolder ?? null,
  copyright_year: track.copyrightYear ?? null,
  track_properties: track.trackProperties,
  ai_service: track.aiService ?? null,
  ai_service_other: track.aiServiceOther ?? null,
  ai_elements: track.aiElements,
  instrumental: track.instrumental,
  audio:
    track.audioKey && track.audioUrl
      ? {
          key: track.audioKey,
          url: track.audioUrl,
          mime_type: track.mimeType ?? null,
          size: track.fileSize ?? null,
          format: track.audioFormat ?? null,
          sample_rate_hz: track.audioSampleRateHz ?? null,
          bit_depth: track.audioBitDepth ?? null,
          channels: track.audioChannels ?? null,
          duration_ms: track.audioDurationMs ?? null,
          uploaded_at: track.audioUploadedAt?.toISOString() ?? null,
        }
      : null,
  rights,
});

/**
 * The whole release as it stands (internal `releases.snapshot`): what delivery builds messages
 * and runs QC from, and what supply-chain checks a delivery plan against. Read in one
 * repeatable-read transaction, so the parts are of one moment.
 */
export const releaseSnapshot = (em: EntityManager, viewer: ReleaseViewer, releaseId: string): Promise<ReleaseSnapshot> =>
  em.transactional(
    async (tx) => {
      const release = await findVisibleRelease(tx, viewer, releaseId);
      const tenantId = release.tenantId;
      const tracks = await tx.find(Track, { tenantId, releaseId: release.id, deletedAt: null }, { orderBy: { discNumber: 'asc', position: 'asc' } });
      const artist = release.artistId ? await tx.findOne(Artist, { id: release.artistId, tenantId }) : null;
      const localizations = await tx.find(ReleaseLocalization, { tenantId, releaseId: release.id }, { orderBy: { locale: 'asc' } });
      const releaseRights = await tx.find(RightsRecord, { tenantId, releaseId: release.id }, { orderBy: { position: 'asc' } });
      const trackIds = tracks.map((track) => track.id);
      const credits = await creditsByTrack(tx, tenantId, trackIds);
      const trackRights = trackIds.length ? await tx.find(RightsRecord, { tenantId, trackId: { $in: trackIds } }, { orderBy: { position: 'asc' } }) : [];
      return {
        uuid: release.id,
        tenant_id: tenantId,
        title: release.title,
        ...presentReleaseMetadata(release),
        artist: artist ? { uuid: artist.id, name: artist.name } : null,
        artwork: release.artworkKey && release.artworkUrl ? { key: release.artworkKey, url: release.artworkUrl, mime_type: 'image/jpeg', size: null } : null,
        localizations: localizations.map((row) => ({
          locale: row.locale,
          title: row.title ?? null,
          title_version: row.titleVersion ?? null,
          label: row.label ?? null,
        })),
        rights: releaseRights.map(presentRights),
        tracks: tracks.map((track) =>
          presentTrack(
            track,
            credits.get(track.id) ?? [],
            trackRights.filter((record) => record.trackId === track.id).map(presentRights),
          ),
        ),
        updated_at: release.updatedAt.toISOString(),
      };
    },
    { isolationLevel: IsolationLevel.REPEATABLE_READ },
  );
