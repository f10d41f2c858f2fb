import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { analyseStoredAudio, type EvidenceDeps } from '../qc/evidence.ts';
import { checkTrackAudio } from '../qc/qc-rules.ts';
import { QC_LIMITS } from '../qc/qc-thresholds.ts';
import { takeWorkerLease } from '../workers/worker-lease.ts';

/** Records an uploaded file for the next validator pass (once per track and file). */
export const queueAudioCheck = async (
  em: EntityManager,
  file: { tenantId: string; releaseId: string; trackId: string; audioKey: string; uploadedAt: Date },
): Promise<void> => {
  await em.execute(
    `insert into "delivery"."audio_check" ("id", "tenant_id", "release_id", "track_id", "audio_key", "state", "problems", "uploaded_at", "created_at")
       values (gen_random_uuid(), ?, ?, ?, ?, 'pending', '[]', ?, now())
     on conflict ("tenant_id", "track_id", "audio_key") do nothing`,
    [file.tenantId, file.releaseId, file.trackId, file.audioKey, file.uploadedAt],
  );
};

interface PendingCheck {
  id: string;
  track_id: string;
  audio_key: string;
}

export interface AudioValidatorDeps extends EvidenceDeps {
  orm: MikroORM;
  logger: Logger;
  holder: string;
  leaseMs: number;
}

/** A track with nothing but this file, to run QC's audio checks on it alone (messages say "Track 1"). */
const trackOf = (trackId: string, key: string) => ({
  uuid: trackId,
  isrc: 'QZAAA0000000',
  title: 'track',
  title_version: null,
  version_type: null,
  position: 1,
  disc_number: 1,
  explicit: false,
  duration_seconds: null,
  language: 'en',
  artist_name: null,
  contributors: [],
  additional_artists: [],
  credits: [],
  localized_titles: {},
  localized_title_versions: {},
  copyright_holder: null,
  copyright_year: null,
  track_properties: [],
  ai_service: null,
  ai_service_other: null,
  ai_elements: [],
  instrumental: false,
  audio: { key, url: '', mime_type: null, size: null, format: null, sample_rate_hz: null, bit_depth: null, channels: null, duration_ms: null, uploaded_at: null },
  rights: [],
});

/**
 * One pass of the audio validator (every 5 minutes, one replica at a time): every file uploaded
 * since the last pass is decoded and measured, and the problems QC would find in it are recorded
 * with the track, so they are known long before the release is submitted.
 */
export const validateUploadedAudio = async (deps: AudioValidatorDeps): Promise<number> => {
  const em = deps.orm.em.fork();
  if (!(await takeWorkerLease(em, 'audio-validator', deps.holder, deps.leaseMs))) return 0;
  const pending = await em.execute<PendingCheck[]>(
    `select "id", "track_id", "audio_key" from "delivery"."audio_check" where "state" = 'pending' order by "uploaded_at" limit 100`,
  );
  for (const check of pending) {
    const track = trackOf(check.track_id, check.audio_key);
    const analysis = await analyseStoredAudio(deps, track.audio);
    const problems = checkTrackAudio(track, analysis, QC_LIMITS.minDurationSeconds)
      .filter((result) => !result.passed)
      .map((result) => result.message);
    await em.execute(
      `update "delivery"."audio_check" set "state" = ?, "problems" = ?::jsonb, "analysis" = ?::jsonb, "checked_at" = now() where "id" = ?`,
      [analysis.decodable ? 'checked' : 'error', JSON.stringify(problems), JSON.stringify(analysis), check.id],
    );
    deps.logger.info({ track_id: check.track_id, problems }, 'uploaded audio checked');
  }
  return pending.length;
};
