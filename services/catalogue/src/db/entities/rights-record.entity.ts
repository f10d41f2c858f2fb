import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A right held in a release or in a track (exactly one of the two): type, holder, share,
 * territories (empty = worldwide) and period. A subject's records are replaced as a whole, so rows
 * are deleted rather than soft-deleted; `position` keeps the order the client gave.
 */
export const RightsRecord = defineEntity({
  name: 'RightsRecord',
  tableName: 'rights_record',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    releaseId: p.uuid().nullable(),
    trackId: p.uuid().nullable(),
    position: p.integer(),
    type: p.text(),
    holder: p.text(),
    share: p.decimal('number').columnType('numeric(5,2)'),
    territoryCodes: p.json<string[]>().columnType('jsonb'),
    startDate: p.string().columnType('date').nullable(),
    endDate: p.string().columnType('date').nullable(),
    pLine: p.text().nullable(),
    cLine: p.text().nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
  },
});

export type RightsRecord = InferEntity<typeof RightsRecord>;
