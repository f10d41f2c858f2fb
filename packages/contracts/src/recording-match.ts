import { z } from 'zod';

// The body and reply of CatalogueOperation.recordingsMatch.

/** Codes asked at once; a report is matched in batches of at most this many of each. */
export const RECORDINGS_MATCH_BATCH = 1_000;

const code = z.string().trim().min(1).max(20);

export const RecordingsMatchBody = z.object({
  isrcs: z.array(code).max(RECORDINGS_MATCH_BATCH).default([]),
  upcs: z.array(code).max(RECORDINGS_MATCH_BATCH).default([]),
});
export type RecordingsMatchBody = z.input<typeof RecordingsMatchBody>;

export const MatchedTrack = z.object({
  isrc: z.string(),
  track_id: z.uuid(),
  release_id: z.uuid(),
  /** The track's own artist when it has one, else its release's. */
  artist_id: z.uuid().nullable(),
  title: z.string(),
  release_title: z.string(),
});
export type MatchedTrack = z.infer<typeof MatchedTrack>;

export const MatchedRelease = z.object({
  upc: z.string(),
  release_id: z.uuid(),
  artist_id: z.uuid().nullable(),
  title: z.string(),
});
export type MatchedRelease = z.infer<typeof MatchedRelease>;

export const RecordingsMatchReply = z.object({ tracks: z.array(MatchedTrack), releases: z.array(MatchedRelease) });
export type RecordingsMatchReply = z.infer<typeof RecordingsMatchReply>;
