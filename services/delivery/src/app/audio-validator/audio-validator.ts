import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { DeliveryEvents } from '@sv/contracts';
import { recordEvent, type Logger } from '@sv/platform';
import { analyseStoredAudio, type EvidenceDeps } from '../qc/evidence.ts';
import { checkTrackAudio } from '../qc/qc-rules.ts';
import { QC_LIMITS } from '../qc/qc-thresholds.ts';

/** Records an uploaded file for the next validator pass (once per track and file). */
export const queueAudioCheck = async (
  em: EntityManager,
  file: { tenantId: string; releaseId: string; trackId: string; audioKey: string; audioUrl: string; uploadedAt: Date },
): Promise<void> => {
  await em.execute(
    `insert into "delivery"."audio_check" ("id", "tenant_id", "release_id", "track_id", "audio_key", "audio_url", "state", "problems", "uploaded_at", "created_at")
       values (gen_random_uuid(), ?, ?, ?, ?, ?, 'pending', '[]', ?, now())
     on conflict ("tenant_id", "track_id", "audio_key") do nothing`,
    [file.tenantId, file.releaseId, file.trackId, file.audioKey, file.audioUrl, file.uploadedAt],
  );
};

interface PendingCheck {
  id: string;
  tenant_id: string;
  release_id: string;
  track_id: string;
  audio_key: string;
  audio_url: string;
}

export interface AudioValidatorDeps extends EvidenceDeps {
  orm: MikroORM;
  logger: Logger;
}

/** Silence measures -inf: JSON has no such number, so it travels as null. */
const finite = (value: number | null): number | null => (value !== null && Number.isFinite(value) ? value : null);

/**
 * One pass of the audio validator (every 5 minutes, under a lease, so on one replica at a time):
 * every file uploaded since the last pass is decoded and measured, and the problems QC would
 * find in it are recorded with the track, so they are known long before the release is submitted.
 */
export const validateUploadedAudio = async (deps: AudioValidatorDeps): Promise<number> => {
  const em = deps.orm.em.fork();
  const pending = await em.execute<PendingCheck[]>(
    `select "id", "tenant_id", "release_id", "track_id", "audio_key", "audio_url" from "delivery"."audio_check" where "state" = 'pending' order by "uploaded_at" limit 100`,
  );
  for (const check of pending) {
    const analysis = await analyseStoredAudio(deps, { key: check.audio_key });
    const problems = checkTrackAudio({ trackId: check.track_id, name: 'The uploaded file', hasAudio: true }, analysis, QC_LIMITS.minDurationSeconds)
      .filter((result) => !result.passed)
      .map((result) => result.message);
    const checkedAt = new Date();
    // The finding and its event commit together; the catalogue keeps it on the track.
    await em.transactional(async (tx) => {
      await tx.execute(
        `update "delivery"."audio_check" set "state" = ?, "problems" = ?::jsonb, "analysis" = ?::jsonb, "checked_at" = ? where "id" = ?`,
        [analysis.decodable ? 'checked' : 'error', JSON.stringify(problems), JSON.stringify(analysis), checkedAt, check.id],
      );
      recordEvent(tx, DeliveryEvents.audioChecked, check.tenant_id, {
        track_id: check.track_id,
        release_id: check.release_id,
        audio_url: check.audio_url,
        problems,
        integrated_lufs: finite(analysis.integratedLufs),
        true_peak_dbfs: finite(analysis.truePeakDbfs),
        checked_at: checkedAt.toISOString(),
      });
    });
    deps.logger.info({ track_id: check.track_id, problems }, 'uploaded audio checked');
  }
  return pending.length;
};
