import { z } from 'zod';
import {
  WriterCreditRole,
  type CollaboratorResource,
  type PublisherResource,
  type TrackCreditsResource,
  type WriterResource,
} from '../../credits.ts';
import { pagedList, isoTimestamp } from './common.ts';

export const WriterResourceSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  /** The 11-digit IPI name number. */
  ipi: z.string().nullable(),
  isni: z.string().nullable(),
  pro: z.string().nullable(),
  country: z.string().nullable(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
}) satisfies z.ZodType<WriterResource>;

export const PublisherResourceSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  ipi: z.string().nullable(),
  pro: z.string().nullable(),
  country: z.string().nullable(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
}) satisfies z.ZodType<PublisherResource>;

export const CollaboratorResourceSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.string().nullable(),
  artist_id: z.string().nullable(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
}) satisfies z.ZodType<CollaboratorResource>;

export const WriterReply = z.object({ writer: WriterResourceSchema });
export const WriterListReply = pagedList('writers', WriterResourceSchema);
export const PublisherReply = z.object({ publisher: PublisherResourceSchema });
export const PublisherListReply = pagedList('publishers', PublisherResourceSchema);
export const CollaboratorReply = z.object({ collaborator: CollaboratorResourceSchema });
export const CollaboratorListReply = pagedList('collaborators', CollaboratorResourceSchema);

export const TrackCreditsResourceSchema = z.object({
  writers: z.array(z.object({ writer_id: z.uuid(), name: z.string(), role: WriterCreditRole, share: z.number() })),
  publishers: z.array(z.object({ publisher_id: z.uuid(), name: z.string(), writer_id: z.uuid().nullable(), share: z.number() })),
  collaborators: z.array(z.object({ collaborator_id: z.uuid(), name: z.string(), role: z.string() })),
}) satisfies z.ZodType<TrackCreditsResource>;

export const TrackCreditsReply = z.object({ credits: TrackCreditsResourceSchema });
