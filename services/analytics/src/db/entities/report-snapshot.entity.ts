import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const moment = () => p.datetime().columnType('timestamptz');

/**
 * A stream count ingested through POST /analytics/ingest (counts only, never revenue): one per
 * release, store, territory and period label, replaced when the same figure is ingested again.
 */
export const ReportSnapshot = defineEntity({
  name: 'ReportSnapshot',
  tableName: 'report_snapshot',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    /** The catalogue's release; no foreign key across services. */
    releaseId: p.uuid(),
    releaseTitle: p.text(),
    artistId: p.uuid().nullable(),
    dspName: p.text(),
    territory: p.text(),
    periodLabel: p.text(),
    /** The first and last day the label covers (a month, a quarter, a week or a day). */
    periodStart: p.string().columnType('date'),
    periodEnd: p.string().columnType('date'),
    streams: p.bigint('number').columnType('bigint'),
    createdAt: moment(),
    updatedAt: moment(),
  },
});

export type ReportSnapshot = InferEntity<typeof ReportSnapshot>;
