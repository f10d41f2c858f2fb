import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const optionalText = () => p.text().nullable();
const moment = () => p.datetime().columnType('timestamptz');

/** A songwriter of one tenant, creditable on its tracks. Soft-deleted; the IPI is unique among live writers. */
export const Writer = defineEntity({
  name: 'Writer',
  tableName: 'writer',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    name: p.text(),
    /** lower(name): the alphabetical sort and cursor key. */
    sortName: p.text(),
    firstName: optionalText(),
    lastName: optionalText(),
    /** IPI name number, 11 digits. */
    ipi: p.string().columnType('char(11)').nullable(),
    isni: optionalText(),
    /** Performing rights organisation, free text. */
    pro: optionalText(),
    country: p.string().columnType('char(2)').nullable(),
    createdAt: moment(),
    updatedAt: moment(),
    deletedAt: moment().nullable(),
  },
});

export type Writer = InferEntity<typeof Writer>;
