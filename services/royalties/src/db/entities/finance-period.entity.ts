import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const moment = () => p.datetime().columnType('timestamptz');

/** A finance period: the span a store's sales reports cover and its statements settle. Its code is unique among the tenant's live periods. */
export const FinancePeriod = defineEntity({
  name: 'FinancePeriod',
  tableName: 'finance_period',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    code: p.text(),
    name: p.text().nullable(),
    /** Calendar dates, YYYY-MM-DD, kept as written: no time zone can move them. */
    startsOn: p.text(),
    endsOn: p.text(),
    /** ISO 4217; every report and statement of the period is in it. */
    currency: p.text(),
    createdAt: moment(),
    deletedAt: moment().nullable(),
  },
});

export type FinancePeriod = InferEntity<typeof FinancePeriod>;
