import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const moment = () => p.datetime().columnType('timestamptz');
const list = () => p.json<string[]>().columnType('jsonb').nullable();

/**
 * The release level of one release's supply-chain configuration, in one tenant. A null field is
 * not set: each store's registry default applies to it. Written only under the release's lock.
 */
export const ReleaseConfig = defineEntity({
  name: 'ReleaseConfig',
  tableName: 'release_config',
  properties: {
    tenantId: p.uuid().primary(),
    /** A release of the catalogue (no cross-service key). */
    releaseId: p.uuid().primary(),
    monetizationPolicyCodes: list(),
    pricingTierCode: p.text().nullable(),
    territoryMode: p.text().nullable(),
    territoryCodes: list(),
    createdAt: moment(),
    updatedAt: moment(),
  },
});

export type ReleaseConfig = InferEntity<typeof ReleaseConfig>;
