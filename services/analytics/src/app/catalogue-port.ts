import type {
  CatalogueCountsReply,
  DeliveredRelease,
  DescribedRelease,
  Principal,
  RecordingsMatchReply,
} from '@sv/contracts';

/** The catalogue, asked on the caller's behalf so another tenant's record is never seen. */
export interface CataloguePort {
  /** The caller's releases among these ids (at most RELEASES_DESCRIBE_BATCH); unknown ids are absent. */
  describeReleases(principal: Principal, ids: string[]): Promise<DescribedRelease[]>;
  /** The artist's name, or null when the caller's workspace has no such artist. */
  artistName(principal: Principal, artistId: string): Promise<string | null>;
  /**
   * The caller's tracks carrying these ISRCs and releases carrying these UPCs (at most
   * RECORDINGS_MATCH_BATCH of each per call); absent codes are not matched.
   */
  matchRecordings(principal: Principal, codes: { isrcs: string[]; upcs: string[] }): Promise<RecordingsMatchReply>;
  /** How many products, albums, tracks and artists the caller's catalogue holds. */
  counts(principal: Principal): Promise<CatalogueCountsReply>;
  /** The caller's releases delivered to stores, with the barcode each delivery carried. */
  deliveredReleases(principal: Principal): Promise<DeliveredRelease[]>;
}
