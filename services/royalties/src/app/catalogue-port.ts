import type { Principal, RecordingsMatchReply } from '@sv/contracts';

/** A track as royalties needs it: whose it is, and what identifies it on a store's report. */
export interface TrackRef {
  id: string;
  releaseId: string;
  artistId: string | null;
  title: string;
  isrc: string;
}

/** Who a split row may name besides an external payee. */
export type PayeeRecord = 'artist' | 'user' | 'writer';

/** The catalogue (and the gateway's users), asked on the caller's behalf so another tenant's record is never seen. */
export interface CataloguePort {
  /** The track, or a not-found error when the caller cannot see it. */
  track(principal: Principal, trackId: string): Promise<TrackRef>;
  /** Whether the caller's tenant has the artist, user or writer. */
  payeeExists(principal: Principal, record: PayeeRecord, id: string): Promise<boolean>;
  /**
   * The caller's tracks carrying these ISRCs and releases carrying these UPCs (absent codes are not
   * matched). At most RECORDINGS_MATCH_BATCH of each per call.
   */
  matchRecordings(principal: Principal, codes: { isrcs: string[]; upcs: string[] }): Promise<RecordingsMatchReply>;
  /** The caller's workspace's name (a statement's heading). */
  tenantName(principal: Principal): Promise<string>;
  /** The artist's name, or null when the caller's workspace has no such artist. */
  artistName(principal: Principal, artistId: string): Promise<string | null>;
}
