import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One line of a sales report, with what the catalogue matched it to (ISRC to a track first, else UPC to a release). */
export const SalesReportRow = defineEntity({
  name: 'SalesReportRow',
  tableName: 'sales_report_row',
  properties: {
    reportId: p.uuid().primary(),
    /** The file's row number (the header is row 1), so an error or an unmatched line is found in the file. */
    rowNumber: p.integer().primary(),
    tenantId: p.uuid(),
    isrc: p.text().nullable(),
    upc: p.text().nullable(),
    territory: p.text().nullable(),
    store: p.text().nullable(),
    units: p.bigint('number').columnType('bigint'),
    amountMicros: p.bigint().columnType('bigint'),
    /** track, release, or null when nothing matched. */
    matchKind: p.text().nullable(),
    trackId: p.uuid().nullable(),
    releaseId: p.uuid().nullable(),
    artistId: p.uuid().nullable(),
  },
});

export type SalesReportRow = InferEntity<typeof SalesReportRow>;
