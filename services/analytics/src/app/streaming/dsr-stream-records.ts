import type { DsrReport, UsageRow } from '@sv/reports';
import { zeroCounts, type OpenedReport, type StreamRecord } from './report-records.ts';

/*
 * A DSR's usage rows (any profile the shared intake reads) as the streaming family keeps them:
 * day-level stream records of the store that sent the file.
 */

/** Commercial models counted as the premium tier, and as the standard (free) tier. */
const PREMIUM_MODELS = new Set(['SubscriptionModel']);
const STANDARD_MODELS = new Set(['AdvertisementSupportedModel', 'FreeOfChargeModel']);

/**
 * A usage as a stream record on the first day of its period (a DSR gives no finer split): streams
 * split into tiers by commercial model, or downloads. Null for a usage the family does not count:
 * neither a stream nor a download (a ringtone), or naming neither an ISRC nor a UPC.
 */
export const streamRecordOf = (row: UsageRow): StreamRecord | null => {
  if (row.usageKind === 'other' || (row.isrc === null && row.icpn === null)) return null;
  const counts = zeroCounts();
  if (row.usageKind === 'download') counts.downloads = row.usages;
  else {
    counts.streams = row.usages;
    if (PREMIUM_MODELS.has(row.commercialModel)) counts.streams_premium = row.usages;
    if (STANDARD_MODELS.has(row.commercialModel)) counts.streams_standard = row.usages;
  }
  return {
    line: row.line,
    day: row.periodStart,
    store: null,
    territory: row.territory,
    isrc: row.isrc,
    upc: row.icpn,
    title: row.title,
    artistName: row.displayArtist,
    counts,
  };
};

/** An opened DSR as the family's report: the sender is the store, the HEAD's period and MessageId the file's. */
export const dsrStreamReport = (report: DsrReport): Extract<OpenedReport, { kind: 'streams' }> => {
  let skipped = 0;
  async function* records(): AsyncGenerator<StreamRecord> {
    for await (const row of report.rows) {
      const record = streamRecordOf(row);
      if (record) yield record;
      else skipped += 1;
    }
  }
  return {
    format: 'dsr',
    kind: 'streams',
    store: report.header.senderName,
    period: { first: report.header.usageStart, last: report.header.usageEnd },
    messageId: report.header.messageId,
    records: records(),
    skipped: () => skipped,
    ignoredRecords: () => report.facts().ignoredRecords,
  };
};
