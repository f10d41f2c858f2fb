import { ReportFileError } from '../report-file-error.ts';
import { readAmount, readCount, readDay, readIsrc, readText, readUpc } from '../values/cell-values.ts';
import { addDecimals } from '../values/decimal.ts';
import type { DsrBlock, BlockRelease, BlockResource } from './dsr-block.ts';
import { cellsOf, type DsrCells } from './dsr-cells.ts';
import type { DsrHeader } from './dsr-header.ts';
import { LI01, SR08, SU01, SU02, SU03, SU04 } from './dsr-layouts.ts';
import type { DsrRecord } from './dsr-record.ts';
import type { DsrSummaries, DsrSummary } from './dsr-summaries.ts';
import { usageKindOf } from './usage-kinds.ts';
import type { UsageRow } from './usage-row.ts';

/** What a usage record is read against: the file's header and summaries, and its block. */
export interface UsageContext {
  header: DsrHeader;
  summaries: DsrSummaries;
  block: DsrBlock | null;
}

const summaryOf = (cells: DsrCells<'SummaryRecordId'>, summaries: DsrSummaries): DsrSummary => {
  const id = cells.text('SummaryRecordId').trim();
  // A usage may leave its summary out when the file has only one.
  const summary = id === '' ? summaries.only() : summaries.get(id);
  if (!summary) {
    throw new ReportFileError(cells.at('SummaryRecordId'), id === '' ? 'is required when the file has more than one summary record' : `names no summary record of this file (${JSON.stringify(id)})`);
  }
  return summary;
};

const fromSummary = (summary: DsrSummary) => ({
  summaryRecordId: summary.id,
  territory: summary.territory,
  commercialModel: summary.commercialModel,
  useType: summary.useType,
  usageKind: usageKindOf(summary.useType),
  currency: summary.currency,
});

/** What a usage is about: a resource, else a release (a sub-release of one resource stands for that resource). */
const subjectOf = (cells: DsrCells<'TransactedRelease' | 'TransactedResource'>, block: DsrBlock): { release: BlockRelease | null; resource: BlockResource | null } => {
  const resourceReference = cells.text('TransactedResource').trim();
  if (resourceReference !== '') {
    const resource = block.resources.get(resourceReference);
    if (!resource) throw new ReportFileError(cells.at('TransactedResource'), `names no resource of this block (${JSON.stringify(resourceReference)})`);
    return { release: null, resource };
  }
  const releaseReference = cells.text('TransactedRelease').trim();
  if (releaseReference === '') throw new ReportFileError(cells.at('TransactedRelease'), 'a usage names its release or its resource');
  const release = block.releases.get(releaseReference);
  if (!release) throw new ReportFileError(cells.at('TransactedRelease'), `names no release of this block (${JSON.stringify(releaseReference)})`);
  const only = release.usedResources.length === 1 ? block.resources.get(release.usedResources[0]!) : undefined;
  return only ? { release, resource: only } : { release, resource: null };
};

/** A resource's ISRC: its own, else the one sound recording its cue records name. */
const isrcOf = (resource: BlockResource): string | null => resource.isrc ?? (resource.cueIsrcs.size === 1 ? [...resource.cueIsrcs][0]! : null);

const recording = (block: DsrBlock, release: BlockRelease | null, resource: BlockResource | null) => {
  const ownRelease = release && release.icpn !== null ? release : block.headRelease;
  return {
    blockId: block.id,
    isrc: resource ? isrcOf(resource) : null,
    icpn: ownRelease?.icpn ?? null,
    dspResourceId: resource?.dspResourceId || null,
    dspReleaseId: release?.dspReleaseId || block.headRelease?.dspReleaseId || null,
    title: resource?.title || release?.title || block.headRelease?.title || '',
    displayArtist: resource?.displayArtist || release?.displayArtist || block.headRelease?.displayArtist || '',
  };
};

const inBlock = (record: DsrRecord, block: DsrBlock | null): DsrBlock => {
  if (!block) throw new ReportFileError({ line: record.line, column: 2, field: 'BlockId' }, 'is required');
  return block;
};

/** SU01 (downloads), SU02 (streams), SU04 (audio-visual): usages of a release or resource by reference. */
export const usageByReference = (record: DsrRecord, context: UsageContext): UsageRow => {
  const block = inBlock(record, context.block);
  const family = record.family;
  const cells = cellsOf(record, family === 'SU01' ? SU01 : family === 'SU02' ? SU02 : SU04);
  const summary = summaryOf(cells, context.summaries);
  const { release, resource } = subjectOf(cells, block);
  const made = recording(block, release, resource);
  // Field by field rather than spread from the summary and the recording: this runs once a usage, a million times for a large file.
  return {
    line: record.line,
    recordType: record.type,
    salesTransactionId: cells.text('SalesTransactionId').trim() || null,
    summaryRecordId: summary.id,
    territory: summary.territory,
    commercialModel: summary.commercialModel,
    useType: summary.useType,
    usageKind: usageKindOf(summary.useType),
    currency: summary.currency,
    blockId: made.blockId,
    isrc: made.isrc,
    icpn: made.icpn,
    dspResourceId: made.dspResourceId,
    dspReleaseId: made.dspReleaseId,
    title: made.title,
    displayArtist: made.displayArtist,
    periodStart: context.header.usageStart,
    periodEnd: context.header.usageEnd,
    usages: readCount(cells.text('Usages'), cells.at('Usages'), { required: true }),
    returns: readCount(cells.text('Returns'), cells.at('Returns')),
    netRevenue: null,
    amountPayable: null,
    consumerPrice: readAmount(cells.text('PriceConsumerPaidExcSalesTax'), cells.at('PriceConsumerPaidExcSalesTax')),
    revenueShare: null,
    userReleases: [],
  };
};

/** SU03: usages of a resource (by its DSP id) with their net revenue, over a period of their own where given. */
export const usageWithRevenue = (record: DsrRecord, context: UsageContext): UsageRow => {
  const block = inBlock(record, context.block);
  const cells = cellsOf(record, SU03);
  const summary = summaryOf(cells, context.summaries);
  const resourceId = readText(cells.text('DspResourceId'), cells.at('DspResourceId'), { required: true });
  const resource = block.resourceByDspId(resourceId);
  if (!resource) throw new ReportFileError(cells.at('DspResourceId'), `names no resource of this block (${JSON.stringify(resourceId)})`);
  const start = cells.text('ValidityPeriodStart').trim();
  const end = cells.text('ValidityPeriodEnd').trim();
  const periodStart = start === '' ? context.header.usageStart : readDay(start, cells.at('ValidityPeriodStart'), { compact: true });
  const periodEnd = end === '' ? context.header.usageEnd : readDay(end, cells.at('ValidityPeriodEnd'), { compact: true });
  if (periodEnd < periodStart) throw new ReportFileError(cells.at('ValidityPeriodEnd'), `is before the ValidityPeriodStart ${periodStart}`);
  return {
    line: record.line,
    recordType: record.type,
    salesTransactionId: cells.text('SalesTransactionId').trim() || null,
    ...fromSummary(summary),
    ...recording(block, null, resource),
    periodStart,
    periodEnd,
    usages: readCount(cells.text('Usages'), cells.at('Usages'), { required: true }),
    returns: 0,
    netRevenue: readAmount(cells.text('NetRevenue'), cells.at('NetRevenue'), { required: true }),
    amountPayable: null,
    consumerPrice: null,
    revenueShare: null,
    userReleases: block.takeUserReleases(summary.id),
  };
};

/** LI01: a rights controller's share of the usage before it; what is due to it adds to the usage's amount payable. */
export const addLicensorShare = (row: UsageRow, record: DsrRecord): UsageRow => {
  const cells = cellsOf(record, LI01);
  const blockId = cells.text('BlockId').trim();
  if (blockId !== row.blockId) throw new ReportFileError(cells.at('BlockId'), `is not the block of the usage it follows (${JSON.stringify(row.blockId)})`);
  const amount = readAmount(cells.text('AllocatedAmount'), cells.at('AllocatedAmount'), { required: true })!;
  return { ...row, amountPayable: row.amountPayable === null ? amount : addDecimals(row.amountPayable, amount) };
};

/** SR08: one sale with its release and resource inline, and the record company's allocated net revenue. */
export const singleRecordUsage = (record: DsrRecord, context: UsageContext): UsageRow => {
  const cells = cellsOf(record, SR08);
  const summary = summaryOf(cells, context.summaries);
  const text = (field: keyof typeof SR08.at) => readText(cells.text(field), cells.at(field));
  return {
    line: record.line,
    recordType: record.type,
    blockId: null,
    salesTransactionId: text('SalesTransactionId') || null,
    ...fromSummary(summary),
    isrc: readIsrc(cells.values('ResourceISRC')[0], cells.at('ResourceISRC')),
    icpn: readUpc(cells.text('ReleaseICPN'), cells.at('ReleaseICPN')),
    dspResourceId: text('DspResourceId') || null,
    dspReleaseId: text('DspReleaseId') || null,
    title: text('ResourceTitle') || text('ReleaseTitle'),
    displayArtist: text('ResourceDisplayArtistName') || text('ReleaseDisplayArtistName'),
    periodStart: summary.period?.start ?? context.header.usageStart,
    periodEnd: summary.period?.end ?? context.header.usageEnd,
    usages: readCount(cells.text('TotalUsages'), cells.at('TotalUsages'), { required: true }),
    returns: readCount(cells.text('Returns'), cells.at('Returns')),
    netRevenue: readAmount(cells.text('AllocatedNetRevenueInCurrencyOfAccounting'), cells.at('AllocatedNetRevenueInCurrencyOfAccounting'), { required: true }),
    amountPayable: null,
    consumerPrice: null,
    revenueShare: null,
    userReleases: [],
  };
};
