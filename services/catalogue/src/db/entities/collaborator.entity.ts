import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const optionalText = () => p.text().nullable();
const moment = () => p.datetime().columnType('timestamptz');

/** A producer, mixer, engineer, featured artist… of one tenant, creditable on its tracks. Soft-deleted. */
export const Collaborator = defineEntity({
  name: 'Collaborator',
  tableName: 'collaborator',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    name: p.text(),
    /** lower(name): the alphabetical sort and cursor key. */
    sortName: p.text(),
    email: optionalText(),
    /** The collaborator's usual role, free text; each track credit names its own. */
    role: optionalText(),
    /** An artist of the same tenant, when the collaborator is one. */
    artistId: p.uuid().nullable(),
    createdAt: moment(),
    updatedAt: moment(),
    deletedAt: moment().nullable(),
  },
});

export type Collaborator = InferEntity<typeof Collaborator>;
