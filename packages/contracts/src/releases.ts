import { z } from 'zod';
import { defineEvent } from './events.ts';

export const RELEASE_STATUSES = ['draft', 'pending', 'qc_inspection', 'approved', 'rejected', 'live', 'taken_down'] as const;
export const ReleaseStatus = z.enum(RELEASE_STATUSES);
export type ReleaseStatus = z.infer<typeof ReleaseStatus>;

export const RELEASE_TYPES = ['single', 'ep', 'album'] as const;
export const ReleaseType = z.enum(RELEASE_TYPES);
export type ReleaseType = z.infer<typeof ReleaseType>;

const UPC_FORMAT = /^(\d{12}|\d{13})$/;
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** A calendar date written YYYY-MM-DD that exists (no 2025-02-30). */
export const isCalendarDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};

const releaseDate = z
  .string()
  .trim()
  .refine(isCalendarDate, 'The release_date must be a real date written YYYY-MM-DD.');

/**
 * The platform's UPC-A or EAN-13 of a DDEX ICPN: a GTIN-14 with a leading zero (as DDEX's samples
 * write EANs) is that EAN-13; anything else is as given.
 */
export const upcOfIcpn = (icpn: string): string => (/^0\d{13}$/.test(icpn) ? icpn.slice(1) : icpn);

/**
 * A UPC-A (12 digits) or EAN-13 (13 digits); blank means "assign one". The check digit is
 * verified by the catalogue, which owns the GS1 arithmetic.
 */
const upc = z
  .union([z.string().trim(), z.number().int().nonnegative().transform(String)])
  .refine((value) => value === '' || UPC_FORMAT.test(value), 'The upc must be 12 (UPC-A) or 13 (EAN-13) digits.')
  .nullable()
  .optional();

/** Fields shared by create and update. */
const releaseFields = {
  title: z.string().trim().min(1, 'The title field is required.').max(255),
  type: ReleaseType,
  release_date: releaseDate,
  genre: z.string().trim().min(1, 'The genre field is required.').max(100),
  subgenre: optionalText(100),
  language: optionalText(35),
  label: optionalText(255),
  upc,
  copyright_year: z.coerce.number().int().min(1000, 'The copyright_year must be a year.').max(9999, 'The copyright_year must be a year.').optional(),
  copyright_holder: optionalText(255),
  cover_art_url: z.url({ protocol: /^https?$/, message: 'The cover_art_url must be a valid http or https URL.' }).max(2048).nullable().optional(),
  /** The artist to create under: required of roster keys; ignored for artist and collaborator keys. */
  artist_id: z.string().trim().max(64).nullable().optional(),
};

/** POST /releases. Read-only fields a client may echo back (uuid, status, tracks, …) are ignored. */
export const CreateReleaseBody = z.object(releaseFields);
export type CreateReleaseBody = z.infer<typeof CreateReleaseBody>;

/**
 * PATCH or PUT /releases/{uuid}: only supplied fields change. release_date may be cleared
 * (null); `updated_at`, when sent, is the version the client read (older than stored: 409).
 */
export const UpdateReleaseBody = z
  .object(releaseFields)
  .partial()
  .extend({
    release_date: releaseDate.nullable().optional(),
    updated_at: z.iso.datetime({ offset: true, message: 'The updated_at must be an ISO 8601 timestamp.' }).optional(),
  });
export type UpdateReleaseBody = z.infer<typeof UpdateReleaseBody>;

/** POST /releases/{uuid}/reject, and the delivery service's QC failure. */
export const RejectReleaseBody = z.object({
  reason: z.string().trim().min(1, 'The reason field is required.').max(2000),
});
export type RejectReleaseBody = z.infer<typeof RejectReleaseBody>;

/** A track of a release as the release shows it. */
export interface ReleaseTrackSummary {
  uuid: string;
  title: string;
  position: number;
}

/** The release as the API returns it. */
export interface ReleaseResource {
  uuid: string;
  title: string;
  type: ReleaseType;
  status: ReleaseStatus;
  upc: string;
  release_date: string | null;
  genre: string;
  subgenre: string | null;
  language: string | null;
  label: string | null;
  copyright_year: number;
  copyright_holder: string | null;
  artwork_url: string | null;
  /** The stored cover URL again (the input name of the cover, read back). */
  cover_art_url: string | null;
  artist_id: string | null;
  rejection_reason: string | null;
  tracks: ReleaseTrackSummary[];
  created_at: string;
  updated_at: string;
}

/** The reply of POST /releases/{uuid}/submit. */
export interface SubmitReleaseReply {
  message: string;
  status: 'pending';
}

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
  /**
   * Internal: the whole release (tracks, files, credits, rights, localizations) for delivery and
   * supply-chain. Reply body: ReleaseSnapshotReply.
   */
  snapshot: 'releases.snapshot',
  /** Internal, for the delivery service: QC passed (qc_inspection → approved). */
  qcPass: 'releases.qc_pass',
  /** Internal, for the delivery service: QC failed with a reason (qc_inspection → rejected). */
  qcFail: 'releases.qc_fail',
  /** Internal, for the delivery service: the release went live at a store (approved → live). */
  markLive: 'releases.mark_live',
  /** Internal, for the delivery service: the takedown was sent (→ taken_down). */
  markTakenDown: 'releases.mark_taken_down',
  /**
   * Internal, for the ingestion service: one release and its tracks created in one transaction
   * under the caller's principal (all or nothing). Body: ReleaseImportBody; reply: ReleaseImportReply.
   */
  import: 'releases.import',
  /**
   * Internal, for the ingestion service: the caller's visible live release with this UPC (a
   * takedown message names releases by UPC). Body: ReleaseByUpcBody; reply: ReleaseLookupReply; 404 when none.
   */
  findByUpc: 'releases.find_by_upc',
  /**
   * Internal, for analytics: the caller's releases among these ids (absent ids are simply not
   * returned). Body: ReleasesDescribeBody; reply: ReleasesDescribeReply.
   */
  describe: 'releases.describe',
  /**
   * Internal, for analytics: the caller's releases that were delivered to stores (approved or
   * later), with their barcodes. Reply: ReleasesDeliveredReply.
   */
  delivered: 'releases.delivered',
} as const;

/** The reply body of `releases.lookup`. */
export const ReleaseLookupReply = z.object({
  release: z.object({
    uuid: z.uuid(),
    title: z.string(),
    status: ReleaseStatus,
    artist_id: z.uuid().nullable(),
    release_date: z.string().nullable().optional(),
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
