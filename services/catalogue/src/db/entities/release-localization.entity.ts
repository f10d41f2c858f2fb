import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const optionalText = () => p.text().nullable();
const moment = () => p.datetime().columnType('timestamptz');

/** A release's metadata in one BCP-47 locale (canonical form); one row per release and locale. */
export const ReleaseLocalization = defineEntity({
  name: 'ReleaseLocalization',
  tableName: 'release_localization',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    releaseId: p.uuid(),
    locale: p.text(),
    title: optionalText(),
    titleVersion: optionalText(),
    label: optionalText(),
    description: optionalText(),
    createdAt: moment(),
    updatedAt: moment(),
  },
});

export type ReleaseLocalization = InferEntity<typeof ReleaseLocalization>;
