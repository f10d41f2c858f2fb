import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const moment = () => p.datetime().columnType('timestamptz');

/** What the audio validator found in one uploaded file of a track. */
export const AudioCheck = defineEntity({
  name: 'AudioCheck',
  tableName: 'audio_check',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    releaseId: p.uuid(),
    trackId: p.uuid(),
    audioKey: p.text(),
    audioUrl: p.text(),
    state: p.text(),
    problems: p.json<string[]>().columnType('jsonb'),
    analysis: p.json<Record<string, unknown>>().columnType('jsonb').nullable(),
    uploadedAt: moment(),
    checkedAt: moment().nullable(),
    createdAt: moment(),
  },
});

export type AudioCheck = InferEntity<typeof AudioCheck>;
