import { z } from 'zod';
import type { EventDefinition } from './events.ts';
import { ReleaseEvents } from './releases.ts';
import { TrackEvents } from './tracks.ts';

/*
 * Recording codes kept beside the services that match store reports (analytics, royalties), so a
 * report of millions of lines is matched with one join in the service's own database instead of
 * thousands of `recordings.match` requests.
 *
 * Each such service follows the catalogue's track and release events with durable consumers. An
 * event names a release; the consumer asks the catalogue for that release's current codes (one
 * `recordings.codes` request) and replaces what it keeps for the release. It never applies an
 * event's own data: events of one release may arrive out of order or twice, and the answer is
 * always the catalogue's state at the time of asking, so applying it again changes nothing.
 * Refreshes of one tenant are serialised in the service's database (the catalogue is asked while
 * holding the lock), so a later refresh always writes a later state. A rebuild pages through every
 * release by cursor with the same operation and replaces each page's range.
 *
 * What is kept matches what `recordings.match` matches: tracks not deleted on releases not deleted,
 * and releases not deleted, whatever their status (a taken-down release still earns). A track's
 * artist is its own when it has one, else its release's.
 */

/** Releases a page holds at most. */
export const RECORDING_CODES_PAGE_RELEASES = 500;

/**
 * Tracks a page holds before the catalogue stops adding releases to it (a page always holds at
 * least one release, whatever its track count), so a reply stays well under the bus's message size.
 */
export const RECORDING_CODES_PAGE_TRACKS = 2_000;

/** Where a page ends: releases are paged in (tenant, release) order. */
export const RecordingCodesCursor = z.object({ tenant_id: z.uuid(), release_id: z.uuid() });
export type RecordingCodesCursor = z.infer<typeof RecordingCodesCursor>;

export const RecordingCodesBody = z.discriminatedUnion('kind', [
  /** One release of the caller's tenant, whatever its state. */
  z.object({ kind: z.literal('release'), release_id: z.uuid() }),
  /** The caller's tenant's live releases or, for the platform itself, every tenant's, after `after`. */
  z.object({
    kind: z.literal('page'),
    all_tenants: z.boolean().default(false),
    after: RecordingCodesCursor.nullable().default(null),
    limit: z.number().int().min(1).max(RECORDING_CODES_PAGE_RELEASES).default(RECORDING_CODES_PAGE_RELEASES),
  }),
]);
export type RecordingCodesBody = z.input<typeof RecordingCodesBody>;

export const RecordingCodesTrack = z.object({
  track_id: z.uuid(),
  isrc: z.string(),
  /** The track's own artist when it has one, else its release's. */
  artist_id: z.uuid().nullable(),
  title: z.string(),
});
export type RecordingCodesTrack = z.infer<typeof RecordingCodesTrack>;

export const RecordingCodesRelease = z.object({
  tenant_id: z.uuid(),
  release_id: z.uuid(),
  /** Null when the release has no product code. */
  upc: z.string().nullable(),
  artist_id: z.uuid().nullable(),
  title: z.string(),
  /** False once the release is deleted: none of its codes match any more. */
  live: z.boolean(),
  /** Its tracks that are not deleted; none when the release is not live. */
  tracks: z.array(RecordingCodesTrack),
});
export type RecordingCodesRelease = z.infer<typeof RecordingCodesRelease>;

/**
 * A release asked for alone comes back in any state, or not at all when the tenant has no such
 * release. A page holds live releases only; `next` is where the next page starts, null after the last.
 */
export const RecordingCodesReply = z.object({ releases: z.array(RecordingCodesRelease), next: RecordingCodesCursor.nullable() });
export type RecordingCodesReply = z.infer<typeof RecordingCodesReply>;

/** The catalogue's events after which a release's codes may have changed; each names the release. */
export const RECORDING_CODE_EVENTS: readonly EventDefinition<z.ZodType<{ release_id: string }>>[] = [
  TrackEvents.created,
  TrackEvents.updated,
  TrackEvents.deleted,
  ReleaseEvents.created,
  ReleaseEvents.updated,
  ReleaseEvents.deleted,
];

/**
 * How long a caller of SharedOperation.recordingCodesRebuild waits: a large catalogue takes a while
 * to rebuild from.
 */
export const RECORDING_CODES_REBUILD_TIMEOUT_MS = 30 * 60_000;
export const RecordingCodesRebuildBody = z.object({ all_tenants: z.boolean().default(false) });
export type RecordingCodesRebuildBody = z.input<typeof RecordingCodesRebuildBody>;
export const RecordingCodesRebuildReply = z.object({
  rebuilt: z.object({ releases: z.number().int().nonnegative(), tracks: z.number().int().nonnegative() }),
});
export type RecordingCodesRebuildReply = z.infer<typeof RecordingCodesRebuildReply>;
