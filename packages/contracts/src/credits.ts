import { z } from 'zod';
import { defineEvent } from './events.ts';
import { clearableText } from './text-fields.ts';
import { ISO_3166_1_ALPHA_2 } from './territories.ts';

/*
 * Credits: the tenant's writers, publishers and collaborators, and who is credited on a track.
 * The spec names these areas without bodies; the shapes below are documented in the README.
 */


const requiredName = z.string().trim().min(1, 'The name field is required.').max(255, 'Must be at most 255 characters.');

const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'The country must be an ISO 3166-1 alpha-2 code.')
  .transform((code) => code.toUpperCase())
  .refine((code) => ISO_3166_1_ALPHA_2.has(code), 'The country must be an ISO 3166-1 alpha-2 code.');

/**
 * IPI name number: 9 to 11 digits as written by societies, stored in its canonical 11-digit form
 * (left-padded with zeros) so `123456789` and `00123456789` are the same party.
 */
const ipiNameNumber = z
  .union([z.string().trim(), z.number().int().nonnegative().transform(String)])
  .pipe(z.string().regex(/^\d{9,11}$/, 'The ipi must be an IPI name number of 9 to 11 digits.'))
  .transform((digits) => digits.padStart(11, '0'));

/** ISNI: 16 characters, the last a check character that may be X; spaces and hyphens are dropped. */
const isniCode = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^\d{15}[\dX]$/, 'The isni must be 16 characters: 15 digits and a final digit or X.'));

/**
 * A percentage share: 0 to 100 with at most two decimals. A JSON number, or a numeric string
 * such as "33.33".
 */
export const OwnershipShare = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, 'The share must be a number between 0 and 100 with at most 2 decimals.')
      .transform(Number),
  ])
  .pipe(
    z
      .number()
      .min(0, 'The share must be between 0 and 100.')
      .max(100, 'The share must be between 0 and 100.')
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'The share may have at most 2 decimals.'),
  );

/** A share in hundredths of a percent, so sums are exact integers. */
export const shareInHundredths = (share: number): number => Math.round(share * 100);

const uuidOf = (field: string) => z.uuid(`The ${field} must be a UUID.`);

// Writers

const writerFields = {
  name: requiredName,
  first_name: clearableText(255),
  last_name: clearableText(255),
  ipi: ipiNameNumber.nullable().optional(),
  isni: isniCode.nullable().optional(),
  pro: clearableText(100),
  country: countryCode.nullable().optional(),
};
export const CreateWriterBody = z.object(writerFields);
export type CreateWriterBody = z.infer<typeof CreateWriterBody>;
export const UpdateWriterBody = z.object(writerFields).partial();
export type UpdateWriterBody = z.infer<typeof UpdateWriterBody>;

export interface WriterResource {
  uuid: string;
  name: string;
  first_name: string | null;
  last_name: string | null;
  ipi: string | null;
  isni: string | null;
  pro: string | null;
  country: string | null;
  created_at: string;
  updated_at: string;
}

// Publishers

const publisherFields = {
  name: requiredName,
  ipi: ipiNameNumber.nullable().optional(),
  pro: clearableText(100),
  country: countryCode.nullable().optional(),
};
export const CreatePublisherBody = z.object(publisherFields);
export type CreatePublisherBody = z.infer<typeof CreatePublisherBody>;
export const UpdatePublisherBody = z.object(publisherFields).partial();
export type UpdatePublisherBody = z.infer<typeof UpdatePublisherBody>;

export interface PublisherResource {
  uuid: string;
  name: string;
  ipi: string | null;
  pro: string | null;
  country: string | null;
  created_at: string;
  updated_at: string;
}

// Collaborators

const collaboratorFields = {
  name: requiredName,
  /** Blank clears it, like null. */
  email: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .email('The email must be a valid email address.')
      .max(254, 'Must be at most 254 characters.')
      .transform((email) => email.toLowerCase())
      .nullable()
      .optional(),
  ),
  /** Free text: producer, mixer, featured_artist, engineer, … */
  role: clearableText(100),
  /** An artist of the same tenant (checked by the catalogue: 422 when it is not one). */
  artist_id: uuidOf('artist_id').nullable().optional(),
};
export const CreateCollaboratorBody = z.object(collaboratorFields);
export type CreateCollaboratorBody = z.infer<typeof CreateCollaboratorBody>;
export const UpdateCollaboratorBody = z.object(collaboratorFields).partial();
export type UpdateCollaboratorBody = z.infer<typeof UpdateCollaboratorBody>;

export interface CollaboratorResource {
  uuid: string;
  name: string;
  email: string | null;
  role: string | null;
  artist_id: string | null;
  created_at: string;
  updated_at: string;
}

// Track credits

export const WRITER_CREDIT_ROLES = ['composer', 'lyricist', 'composer_lyricist', 'arranger', 'translator'] as const;
export const WriterCreditRole = z.enum(WRITER_CREDIT_ROLES);
export type WriterCreditRole = z.infer<typeof WriterCreditRole>;

/** Most entries of one kind a track may carry. */
export const MAX_CREDITS_PER_KIND = 100;

const writerCredit = z.object({ writer_id: uuidOf('writer_id'), role: WriterCreditRole, share: OwnershipShare });
const publisherCredit = z.object({
  publisher_id: uuidOf('publisher_id'),
  /** The credited writer this publisher administers, when the share is per writer. */
  writer_id: uuidOf('writer_id').nullable().optional(),
  share: OwnershipShare,
});
const collaboratorCredit = z.object({
  collaborator_id: uuidOf('collaborator_id'),
  role: z.string().trim().min(1, 'The role field is required.').max(100, 'Must be at most 100 characters.'),
});

type Issue = { path: (string | number)[]; message: string };

/** Shares of a non-empty list must add up to 100, within 0.01 (three times 33.33 is fine). */
const sharesAddUpTo100 = (label: string, shares: number[]): string | undefined => {
  if (shares.length === 0) return undefined;
  const total = shares.reduce((sum, share) => sum + shareInHundredths(share), 0);
  return Math.abs(total - 10_000) <= 1 ? undefined : `The ${label} shares must add up to 100 (they add up to ${(total / 100).toFixed(2)}).`;
};

const duplicates = <T>(items: T[], keyOf: (item: T) => string, path: string, message: string): Issue[] => {
  const seen = new Set<string>();
  const issues: Issue[] = [];
  items.forEach((item, index) => {
    const key = keyOf(item);
    if (seen.has(key)) issues.push({ path: [path, index], message });
    seen.add(key);
  });
  return issues;
};

/** Rules a credits body obeys by itself; that the ids name live records is the catalogue's check. */
export const trackCreditsIssues = (body: {
  writers: z.infer<typeof writerCredit>[];
  publishers: z.infer<typeof publisherCredit>[];
  collaborators: z.infer<typeof collaboratorCredit>[];
}): Issue[] => {
  const issues: Issue[] = [
    ...duplicates(body.writers, (w) => `${w.writer_id.toLowerCase()}|${w.role}`, 'writers', 'This writer is already credited with this role.'),
    ...duplicates(
      body.publishers,
      (p) => `${p.publisher_id.toLowerCase()}|${p.writer_id?.toLowerCase() ?? ''}`,
      'publishers',
      'This publisher is already credited for this writer.',
    ),
    ...duplicates(
      body.collaborators,
      (c) => `${c.collaborator_id.toLowerCase()}|${c.role.toLowerCase()}`,
      'collaborators',
      'This collaborator is already credited with this role.',
    ),
  ];
  const creditedWriters = new Set(body.writers.map((w) => w.writer_id.toLowerCase()));
  body.publishers.forEach((publisher, index) => {
    if (publisher.writer_id && !creditedWriters.has(publisher.writer_id.toLowerCase())) {
      issues.push({ path: ['publishers', index, 'writer_id'], message: 'The writer_id must be one of the writers credited on this track.' });
    }
  });
  const writerSum = sharesAddUpTo100('writer', body.writers.map((w) => w.share));
  if (writerSum) issues.push({ path: ['writers'], message: writerSum });
  const publisherSum = sharesAddUpTo100('publisher', body.publishers.map((p) => p.share));
  if (publisherSum) issues.push({ path: ['publishers'], message: publisherSum });
  return issues;
};

/** PUT /tracks/{uuid}/credits: the whole set; an omitted list means none of that kind. */
export const TrackCreditsBody = z
  .object({
    writers: z.array(writerCredit).max(MAX_CREDITS_PER_KIND, `At most ${MAX_CREDITS_PER_KIND} entries.`).default([]),
    publishers: z.array(publisherCredit).max(MAX_CREDITS_PER_KIND, `At most ${MAX_CREDITS_PER_KIND} entries.`).default([]),
    collaborators: z.array(collaboratorCredit).max(MAX_CREDITS_PER_KIND, `At most ${MAX_CREDITS_PER_KIND} entries.`).default([]),
  })
  .superRefine((body, context) => {
    for (const issue of trackCreditsIssues(body)) context.addIssue({ code: 'custom', ...issue });
  });
export type TrackCreditsBody = z.infer<typeof TrackCreditsBody>;

export interface TrackCreditsResource {
  writers: { writer_id: string; name: string; role: WriterCreditRole; share: number }[];
  publishers: { publisher_id: string; name: string; writer_id: string | null; share: number }[];
  collaborators: { collaborator_id: string; name: string; role: string }[];
}

// Events

const partyEvent = z.object({ uuid: z.uuid(), name: z.string() });
export const CreditEvents = {
  writerCreated: defineEvent('writer.created', partyEvent),
  writerUpdated: defineEvent('writer.updated', partyEvent),
  writerDeleted: defineEvent('writer.deleted', partyEvent),
  publisherCreated: defineEvent('publisher.created', partyEvent),
  publisherUpdated: defineEvent('publisher.updated', partyEvent),
  publisherDeleted: defineEvent('publisher.deleted', partyEvent),
  collaboratorCreated: defineEvent('collaborator.created', partyEvent),
  collaboratorUpdated: defineEvent('collaborator.updated', partyEvent),
  collaboratorDeleted: defineEvent('collaborator.deleted', partyEvent),
  /** A track's credits were replaced; the counts are of the new set. */
  trackCreditsUpdated: defineEvent(
    'track.credits.updated',
    z.object({
      track_id: z.uuid(),
      release_id: z.uuid(),
      writers: z.number().int().nonnegative(),
      publishers: z.number().int().nonnegative(),
      collaborators: z.number().int().nonnegative(),
    }),
  ),
};

/** Operations the catalogue answers for credits. */
export const CreditOperation = {
  writersList: 'writers.list',
  writersCreate: 'writers.create',
  writersGet: 'writers.get',
  writersUpdate: 'writers.update',
  writersDelete: 'writers.delete',
  publishersList: 'publishers.list',
  publishersCreate: 'publishers.create',
  publishersGet: 'publishers.get',
  publishersUpdate: 'publishers.update',
  publishersDelete: 'publishers.delete',
  collaboratorsList: 'collaborators.list',
  collaboratorsCreate: 'collaborators.create',
  collaboratorsGet: 'collaborators.get',
  collaboratorsUpdate: 'collaborators.update',
  collaboratorsDelete: 'collaborators.delete',
  trackCreditsGet: 'track_credits.get',
  trackCreditsReplace: 'track_credits.replace',
} as const;
