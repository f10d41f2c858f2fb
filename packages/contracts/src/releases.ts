import { z } from 'zod';
import { defineEvent } from './events.ts';

export const RELEASE_STATUSES = ['draft', 'pending', 'qc_inspection', 'approved', 'rejected', 'live', 'taken_down'] as const;
export const ReleaseStatus = z.enum(RELEASE_STATUSES);
export type ReleaseStatus = z.infer<typeof ReleaseStatus>;

export const RELEASE_TYPES = ['single', 'ep', 'album'] as const;
export const ReleaseType = z.enum(RELEASE_TYPES);
export type ReleaseType = z.infer<typeof ReleaseType>;

/** Operations the catalogue answers for releases (public routes, then internal commands). */
export const ReleaseOperation = {
  list: 'releases.list',
  create: 'releases.create',
  get: 'releases.get',
  update: 'releases.update',
  delete: 'releases.delete',
  submit: 'releases.submit',
  approve: 'releases.approve',
  reject: 'releases.reject',
  artwork: 'releases.artwork',
  artworkPresign: 'releases.artwork_presign',
  animatedArtwork: 'releases.animated_artwork',
  /**
   * Internal: whether a release is visible to the principal, and its state. Other services
   * (supply-chain, delivery) ask before acting on a release id. Reply body: ReleaseLookupReply.
   */
  lookup: 'releases.lookup',
  /** Internal, for the delivery service: QC passed (qc_inspection → approved). */
  qcPass: 'releases.qc_pass',
  /** Internal, for the delivery service: QC failed with a reason (qc_inspection → rejected). */
  qcFail: 'releases.qc_fail',
  /** Internal, for the delivery service: the release went live at a store (approved → live). */
  markLive: 'releases.mark_live',
  /** Internal, for the delivery service: the takedown was sent (→ taken_down). */
  markTakenDown: 'releases.mark_taken_down',
} as const;

/** The reply body of `releases.lookup`. */
export const ReleaseLookupReply = z.object({
  release: z.object({
    uuid: z.uuid(),
    title: z.string(),
    status: ReleaseStatus,
    artist_id: z.uuid().nullable(),
  }),
});
export type ReleaseLookupReply = z.infer<typeof ReleaseLookupReply>;

const releaseRef = z.object({ release_id: z.uuid(), title: z.string() });
const releaseChange = releaseRef.extend({ status: ReleaseStatus });

/** Events of a release's life; every transition commits with its event (outbox). */
export const ReleaseEvents = {
  created: defineEvent('release.created', releaseChange),
  updated: defineEvent('release.updated', releaseChange),
  deleted: defineEvent('release.deleted', releaseChange),
  submitted: defineEvent('release.submitted', releaseChange),
  qcPending: defineEvent('release.qc_pending', releaseChange),
  /** Deprecated in favour of release.delivered; stops firing 2026-12-14 (spec, Versioning 10). */
  approved: defineEvent('release.approved', releaseRef),
  delivered: defineEvent('release.delivered', releaseRef),
  rejected: defineEvent('release.rejected', releaseRef.extend({ reason: z.string() })),
  artworkUploaded: defineEvent('release.artwork.uploaded', releaseRef.extend({ artwork_url: z.string() })),
  live: defineEvent('release.live', releaseChange),
  takenDown: defineEvent('release.taken_down', releaseChange),
};

/** The day release.approved stops firing (spec, Versioning 10). */
export const RELEASE_APPROVED_SUNSET = '2026-12-14';
