import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A named lease: the replica holding it runs that timed worker's tick; others skip it. */
export const WorkerLease = defineEntity({
  name: 'WorkerLease',
  tableName: 'worker_lease',
  properties: {
    name: p.text().primary(),
    holder: p.text(),
    until: p.datetime().columnType('timestamptz'),
  },
});

export type WorkerLease = InferEntity<typeof WorkerLease>;
