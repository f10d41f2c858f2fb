import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Where one store stands with one release: its latest lifecycle stage. */
export const StoreState = defineEntity({
  name: 'StoreState',
  tableName: 'store_state',
  properties: {
    tenantId: p.uuid().primary(),
    releaseId: p.uuid().primary(),
    dspSlug: p.text().primary(),
    dspName: p.text(),
    stage: p.text(),
    lastDeliveryId: p.uuid().nullable(),
    stageAt: p.datetime().columnType('timestamptz'),
  },
});

export type StoreState = InferEntity<typeof StoreState>;
