import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const moment = () => p.datetime().columnType('timestamptz');

export type SftpDeliveryState = 'importing' | 'done' | 'failed';

/**
 * One delivery taken from a supplier's `incoming/` (a file or a folder), the jobs its messages
 * became, and where it went when they ended. Its name in `processing/` is its claim.
 */
export const SftpDelivery = defineEntity({
  name: 'SftpDelivery',
  tableName: 'sftp_delivery',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    tenantSlug: p.string().columnType('text'),
    /** The entry's name in `incoming/`, kept in `processing/`, `done/` and `failed/`. */
    name: p.string().columnType('text'),
    state: p.string().$type<SftpDeliveryState>().columnType('text'),
    jobIds: p.json<string[]>().columnType('jsonb'),
    /** File → why it was not taken (too large, not a message…). */
    fileErrors: p.json<Record<string, string[]>>().columnType('jsonb'),
    createdAt: moment(),
    finishedAt: moment().nullable(),
  },
});

export type SftpDelivery = InferEntity<typeof SftpDelivery>;
