/** How the platform counts a usage: as a stream, a download, or neither (ringtones, UGC claims of other kinds). */
export type UsageKind = 'stream' | 'download' | 'other';

/** One user-made release (a UGC video) that used a recording, with its usages. */
export interface UserReleaseUsage {
  dspReleaseId: string;
  usages: number;
}

/**
 * One usage record of a DSR file, normalised whatever the profile: which recording (ISRC) or
 * release (ICPN), where, how, when, how often, and the money. Amounts are exact decimal strings in
 * `currency` (the currency the usage's summary record names).
 */
export interface UsageRow {
  /** The file's line the usage record is on. */
  line: number;
  /** As written: `SU02.02`, `SU03.01`, `SR08`. */
  recordType: string;
  /** The block the usage is in; null in single-record files. */
  blockId: string | null;
  salesTransactionId: string | null;
  summaryRecordId: string | null;
  /** The recording's ISRC (its first, where the record names several); null for a release-level usage or a video without one. */
  isrc: string | null;
  /** The release's ICPN (UPC/EAN): the usage's own release, else the block's head release. */
  icpn: string | null;
  dspResourceId: string | null;
  dspReleaseId: string | null;
  title: string;
  displayArtist: string;
  /** ISO 3166-1 alpha-2, or WW for the world. */
  territory: string;
  commercialModel: string;
  useType: string;
  usageKind: UsageKind;
  /** The period the usages fall in (YYYY-MM-DD, inclusive): the record's own where it names one, else the file's. */
  periodStart: string;
  periodEnd: string;
  usages: number;
  returns: number;
  currency: string | null;
  /** Net revenue the record reports for this usage (SU03 NetRevenue, SR08 allocated net revenue). */
  netRevenue: string | null;
  /** What is due to the rights controllers for it (the sum of the LI01 shares that follow a UGC usage). */
  amountPayable: string | null;
  /** What consumers paid for the sale, before tax (SU01, SU02, SU04). */
  consumerPrice: string | null;
  /**
   * Where the record carries no revenue of its own, its pro rata share of its summary's NetRevenue
   * (SummaryRevenueShares); null unless the reader was given one, or the summary gives none.
   */
  revenueShare: string | null;
  /**
   * The user-made releases (UGC videos) that used the recording, as the block's RU01/RU02 records
   * list them for the usage's summary record: given once, on the first usage row they apply to,
   * so that summing over rows counts each once.
   */
  userReleases: UserReleaseUsage[];
}
