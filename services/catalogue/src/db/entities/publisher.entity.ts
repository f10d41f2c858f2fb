import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const optionalText = () => p.text().nullable();
const moment = () => p.datetime().columnType('timestamptz');

/** A music publisher of one tenant, creditable on its tracks. Soft-deleted; the IPI is unique among live publishers. */
export const Publisher = defineEntity({
  name: 'Publisher',
  tableName: 'publisher',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    name: p.text(),
    /** lower(name): the alphabetical sort and cursor key. */
    sortName: p.text(),
    /** IPI name number, 11 digits. */
    ipi: p.string().columnType('char(11)').nullable(),
    /** Performing rights organisation, free text. */
    pro: optionalText(),
    country: p.string().columnType('char(2)').nullable(),
    createdAt: moment(),
    updatedAt: moment(),
    deletedAt: moment().nullable(),
  },
});

export type Publisher = InferEntity<typeof Publisher>;
