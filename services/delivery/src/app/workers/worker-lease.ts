import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Takes (or renews) the named lease for `ms` when it is free, expired, or already ours. Timed
 * workers that must run on one replica at a time tick only while they hold it.
 */
export const takeWorkerLease = async (em: EntityManager, name: string, holder: string, ms: number): Promise<boolean> => {
  const rows = await em.execute<{ name: string }[]>(
    `insert into "delivery"."worker_lease" ("name", "holder", "until") values (?, ?, now() + (? * interval '1 millisecond'))
       on conflict ("name") do update set "holder" = excluded."holder", "until" = excluded."until"
       where "worker_lease"."until" < now() or "worker_lease"."holder" = excluded."holder"
     returning "name"`,
    [name, holder, ms],
  );
  return rows.length > 0;
};
