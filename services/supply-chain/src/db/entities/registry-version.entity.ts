import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Which version of a piece of versioned reference data (the DSP registry) the tables hold. */
export const RegistryVersion = defineEntity({
  name: 'RegistryVersion',
  tableName: 'registry_version',
  properties: {
    registry: p.text().primary(),
    version: p.integer(),
    syncedAt: p.datetime().columnType('timestamptz'),
  },
});

export type RegistryVersion = InferEntity<typeof RegistryVersion>;
