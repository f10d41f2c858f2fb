import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Deletes up to `batch` rows of a job table (`"schema"."table"`, a trusted identifier) whose job
 * ended (`status` completed or failed) before `before`; answers how many went. A queued or running
 * job is never deleted: the state is checked again on the row itself, so a job a worker just took
 * is left. Batches keep a long backlog in short statements rather than one long lock.
 */
export const deleteFinishedJobs = async (em: EntityManager, table: string, before: Date, batch: number): Promise<number> => {
  const deleted = await em.execute<{ id: string }[]>(
    `delete from ${table}
      where "status" in ('completed', 'failed') and "finished_at" < ?
        and "id" in (select "id" from ${table} where "status" in ('completed', 'failed') and "finished_at" < ? limit ?)
      returning "id"`,
    [before, before, batch],
  );
  return deleted.length;
};
