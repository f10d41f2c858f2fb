import type { EntityManager } from '@mikro-orm/postgresql';
import type { AudioCheckedData } from '@sv/contracts';

/**
 * Records what the audio validator found on the track whose current file it checked. A result
 * for a file the track no longer has (replaced meanwhile) is dropped, and an older result never
 * overwrites a newer one.
 */
export const recordAudioCheck = async (em: EntityManager, tenantId: string, check: AudioCheckedData): Promise<void> => {
  await em.execute(
    `update "catalogue"."track" set "audio_problems" = ?::jsonb, "audio_integrated_lufs" = ?, "audio_true_peak_dbfs" = ?, "audio_checked_at" = ?
      where "tenant_id" = ? and "id" = ? and "audio_url" = ? and ("audio_checked_at" is null or "audio_checked_at" <= ?)`,
    [JSON.stringify(check.problems), check.integrated_lufs, check.true_peak_dbfs, check.checked_at, tenantId, check.track_id, check.audio_url, check.checked_at],
  );
};
