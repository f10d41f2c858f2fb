/*
 * Where the cells this reader uses sit in each record type it reads (positions from 1, the record
 * type being cell 1), and how many cells the type has at most, across the versions of the type the
 * profiles define (DSRF Part 8 record type definitions). Versions of one type keep these positions,
 * so a layout is looked up by the type's family (`SU03` for `SU03.01` and `SU03.02`).
 */

export interface Layout<TField extends string> {
  /** The most cells a record of the type has. */
  cells: number;
  /** Each field's position; null where the type has no such cell (it reads as empty). */
  at: Readonly<Record<TField, number | null>>;
  /** The standard's name of a field where the type names it otherwise (SU02's usages are its NumberOfStreams). */
  names: Readonly<Partial<Record<TField, string>>>;
}

const layout = <TField extends string>(cells: number, at: Record<TField, number | null>, names: Partial<Record<TField, string>> = {}): Layout<TField> => ({ cells, at, names });

export const HEAD = layout(16, {
  MessageVersion: 2,
  Profile: 3,
  ProfileVersion: 4,
  MessageId: 5,
  MessageCreatedDateTime: 6,
  FileNumber: 7,
  NumberOfFiles: 8,
  UsageStartDate: 9,
  UsageEndDate: 10,
  SenderPartyId: 11,
  SenderName: 12,
  ServiceDescription: 13,
  RecipientPartyId: 14,
  RecipientName: 15,
});

/** The footer of the multi-record block variant. */
export const FOOT = layout(6, { NumberOfLinesInFile: 2, NumberOfLinesInReport: 3, NumberOfSummaryRecords: 4, NumberOfBlocksInFile: 5, NumberOfBlocksInReport: 6 });

/** The footer of the single-record block variant. */
export const SRFO = layout(3, { NumberOfLinesInReport: 2, NumberOfSummaryRecords: 3 });

/** What every summary record tells about the usages pointing at it. */
export type SummaryField = 'SummaryRecordId' | 'CommercialModel' | 'UseType' | 'Territory' | 'Usages' | 'Currency' | 'NetRevenue';

export const SUMMARIES: Readonly<Record<string, Layout<SummaryField>>> = {
  SY01: layout(15, { SummaryRecordId: 2, CommercialModel: 5, UseType: 6, Territory: 7, Usages: 9, Currency: 11, NetRevenue: 12 }),
  SY02: layout(22, { SummaryRecordId: 2, CommercialModel: 5, UseType: 6, Territory: 7, Usages: 9, Currency: 11, NetRevenue: 12 }),
  SY04: layout(20, { SummaryRecordId: 2, CommercialModel: 5, UseType: 6, Territory: 7, Usages: 14, Currency: 15, NetRevenue: 19 }),
  // SY05 splits a service's figures by licensor: its net revenue is the one allocated to the recipient.
  SY05: layout(25, { SummaryRecordId: 2, CommercialModel: 5, UseType: 6, Territory: 7, Usages: 12, Currency: 18, NetRevenue: 15 }),
  SY06: layout(18, { SummaryRecordId: 2, CommercialModel: 5, UseType: 6, Territory: 7, Usages: 9, Currency: 11, NetRevenue: 13 }),
  SY09: layout(19, { SummaryRecordId: 2, CommercialModel: 3, UseType: 4, Territory: 5, Usages: 11, Currency: 16, NetRevenue: 13 }),
  // The record company's own figures, in its currency of accounting.
  SY10: layout(46, { SummaryRecordId: 2, CommercialModel: 5, UseType: 6, Territory: 13, Usages: 17, Currency: 22, NetRevenue: 38 }),
};

/** SY10 alone names the period it covers. */
export const SY10_PERIOD = { ReportingPeriodStartDate: 7, ReportingPeriodEndDate: 8 } as const;

/** Head releases: RE01 (audio), RE03 (audio-visual). */
export const RE01 = layout(15, { BlockId: 2, ReleaseReference: 3, DspReleaseId: 4, ICPN: 7, DisplayArtistName: 8, Title: 10 });
export const RE03 = layout(17, { BlockId: 2, ReleaseReference: 3, DspReleaseId: 4, ICPN: 6, Title: 7, DisplayArtistName: 11 });
/** Sub-releases, made of some of the block's resources. */
export const RE02 = layout(6, { BlockId: 2, ReleaseReference: 3, DspSubReleaseId: 4, UsedResources: 6 });

/** Sound recordings: AS01 (its works in MW01 records), AS02 (its works inline, in the same positions after). */
const SOUND_RECORDING = { BlockId: 2, ResourceReference: 3, DspResourceId: 4, ISRC: 5, Title: 6, DisplayArtistName: 8 };
export const AS01 = layout(12, SOUND_RECORDING);
export const AS02 = layout(22, SOUND_RECORDING);
/** Videos; the sound recordings they use are named by the CU01 cue records that follow. */
export const AS03 = layout(29, { BlockId: 2, ResourceReference: 3, DspResourceId: 4, Title: 9 });
export const CU01 = layout(16, { BlockId: 2, CueResourceReference: 3, ReferencedCreationISRC: 6 });

/** Usages of a release or resource by reference: SU01 (downloads), SU02 (streams), SU04 (audio-visual). */
const referencedUsage = (cells: number, usages: number, returns: number | null, price: number, names: { Usages?: string } = {}) =>
  layout(cells, { BlockId: 2, SummaryRecordId: 3, SalesTransactionId: 4, TransactedRelease: 5, TransactedResource: 6, Usages: usages, Returns: returns, PriceConsumerPaidExcSalesTax: price }, names);
export const SU01 = referencedUsage(12, 9, 10, 11);
export const SU02 = referencedUsage(10, 8, null, 9, { Usages: 'NumberOfStreams' });
export const SU04 = referencedUsage(23, 15, 16, 18);
/** Usages with their revenue, of a resource by its DSP id (UGC and audio-visual). */
export const SU03 = layout(11, { BlockId: 2, SalesTransactionId: 3, SummaryRecordId: 4, DspResourceId: 5, Usages: 6, NetRevenue: 7, ValidityPeriodStart: 8, ValidityPeriodEnd: 9 });

/** UGC: the user-made releases (videos) that used the block's recording, with their usages. */
export const RU01 = layout(6, { BlockId: 2, SummaryRecordId: 3, DspReleaseId: 4, Usages: 5 });
export const RU02 = layout(8, { BlockId: 2, SummaryRecordId: 3, DspReleaseId: 4, Usages: 7 });
/** UGC: a rights controller's share of the usage record before it, and the amount due to it. */
export const LI01 = layout(11, { BlockId: 2, SummaryRecordId: 3, RightsController: 4, AllocatedNetRevenue: 9, AllocatedAmount: 10 });

/** Financial reporting to record companies: one record a sale, release and resource inline. */
export const SR08 = layout(48, {
  SalesTransactionId: 2,
  ReleaseICPN: 4,
  DspReleaseId: 5,
  ReleaseTitle: 10,
  ReleaseDisplayArtistName: 12,
  ResourceISRC: 14,
  DspResourceId: 16,
  ResourceTitle: 21,
  ResourceDisplayArtistName: 23,
  SummaryRecordId: 25,
  TotalUsages: 27,
  Returns: 28,
  AllocatedNetRevenueInCurrencyOfAccounting: 47,
});
