import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Takes up to `room` unfinished jobs no live worker holds, oldest first, and leases them.
 * FOR UPDATE SKIP LOCKED lets replicas claim side by side without taking the same job; a job
 * whose worker died is taken over when its lease runs out.
 */
export const claimJobs = async (em: EntityManager, room: number, leaseMs: number, now: Date): Promise<string[]> => {
  if (room <= 0) return [];
  const rows = await em.execute<{ id: string }[]>(
    `update "ingestion"."ingestion_job" set "claimed_until" = ?
      where "id" in (
        select "id" from "ingestion"."ingestion_job"
          where "state" in ('queued', 'validating', 'importing') and ("claimed_until" is null or "claimed_until" <= ?)
          order by "created_at"
          limit ?
          for update skip locked)
      returning "id"`,
    [new Date(now.getTime() + leaseMs), now, room],
  );
  return rows.map((row) => row.id);
};

/** Hands a job back for another try after `delayMs` (its run stopped on a passing failure). */
export const releaseJob = async (em: EntityManager, jobId: string, delayMs: number, now: Date): Promise<void> => {
  await em.execute(`update "ingestion"."ingestion_job" set "claimed_until" = ? where "id" = ?`, [new Date(now.getTime() + delayMs), jobId]);
};
