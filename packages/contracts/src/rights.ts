import { z } from 'zod';
import { OwnershipShare, shareInHundredths } from './credits.ts';
import { defineEvent } from './events.ts';
import { ISO_3166_1_ALPHA_2 } from './territories.ts';

/*
 * Rights records of a release or a track: who holds which right, for what share, where and when.
 * The spec names the area without bodies; the shapes below are documented in the README.
 */

export const RIGHT_TYPES = ['master', 'publishing', 'neighbouring', 'sync'] as const;
export const RightType = z.enum(RIGHT_TYPES);
export type RightType = z.infer<typeof RightType>;

/** Most rights records one release or track may carry. */
export const MAX_RIGHTS_RECORDS = 100;

const territoryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Each territory code must be an ISO 3166-1 alpha-2 code.')
  .transform((code) => code.toUpperCase())
  .refine((code) => ISO_3166_1_ALPHA_2.has(code), 'Each territory code must be an ISO 3166-1 alpha-2 code.');

const isCalendarDate = (value: string): boolean => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};

const calendarDate = (field: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `The ${field} must be a date in the form YYYY-MM-DD.`)
    .refine(isCalendarDate, `The ${field} must be a real calendar date.`);

const optionalLine = z
  .string()
  .trim()
  .max(500, 'Must be at most 500 characters.')
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

const rightsRecord = z.object({
  type: RightType,
  holder: z.string().trim().min(1, 'The holder field is required.').max(255, 'Must be at most 255 characters.'),
  share: OwnershipShare,
  /** Empty (or omitted) means worldwide; duplicates are dropped. */
  territory_codes: z
    .array(territoryCode)
    .max(ISO_3166_1_ALPHA_2.size)
    .default([])
    .transform((codes) => [...new Set(codes)]),
  start_date: calendarDate('start_date').nullable().optional(),
  end_date: calendarDate('end_date').nullable().optional(),
  p_line: optionalLine,
  c_line: optionalLine,
});
export type RightsRecordInput = z.infer<typeof rightsRecord>;

/** Where and when a record applies; '*' stands for every territory no record names. */
const covers = (record: RightsRecordInput, territory: string, day: string | null): boolean =>
  (record.territory_codes.length === 0 || record.territory_codes.includes(territory)) &&
  (record.start_date == null || (day !== null && record.start_date <= day)) &&
  (record.end_date == null || day === null || record.end_date >= day);

/**
 * For each right type, the shares of records that apply in the same territory on the same day
 * may not exceed 100. Records for different territories or periods do not add up: a master
 * held 100% in GB and 100% in US is fine. It suffices to look at every named territory (plus
 * "anywhere else") on every record's first day (plus "open start"): a sum of intervals is
 * largest at the start of one of them.
 */
export const overallocatedRight = (
  records: RightsRecordInput[],
): { type: RightType; territory: string; day: string | null; total: number } | undefined => {
  for (const type of RIGHT_TYPES) {
    const ofType = records.filter((record) => record.type === type);
    if (ofType.length === 0) continue;
    const territories = ['*', ...new Set(ofType.flatMap((record) => record.territory_codes))];
    const days = [null, ...new Set(ofType.map((record) => record.start_date ?? null).filter((day) => day !== null))];
    for (const territory of territories) {
      for (const day of days) {
        const total = ofType
          .filter((record) => covers(record, territory, day))
          .reduce((sum, record) => sum + shareInHundredths(record.share), 0);
        if (total > 10_000) return { type, territory, day, total };
      }
    }
  }
  return undefined;
};

/** PUT /releases/{uuid}/rights and PUT /tracks/{uuid}/rights: the whole set of records. */
export const RightsBody = z
  .object({ rights: z.array(rightsRecord).max(MAX_RIGHTS_RECORDS, `At most ${MAX_RIGHTS_RECORDS} records.`) })
  .superRefine((body, context) => {
    body.rights.forEach((record, index) => {
      if (record.start_date && record.end_date && record.start_date > record.end_date) {
        context.addIssue({ code: 'custom', path: ['rights', index, 'end_date'], message: 'The end_date must not be before the start_date.' });
      }
    });
    const over = overallocatedRight(body.rights);
    if (over) {
      const where = over.territory === '*' ? 'worldwide' : `in ${over.territory}`;
      const when = over.day ? ` from ${over.day}` : '';
      context.addIssue({
        code: 'custom',
        path: ['rights'],
        message: `The ${over.type} shares add up to ${(over.total / 100).toFixed(2)} ${where}${when}; shares of one type may not exceed 100 where they overlap.`,
      });
    }
  });
export type RightsBody = z.infer<typeof RightsBody>;

export interface RightsRecordResource {
  uuid: string;
  type: RightType;
  holder: string;
  share: number;
  territory_codes: string[];
  start_date: string | null;
  end_date: string | null;
  p_line: string | null;
  c_line: string | null;
}

const rightsChange = z.object({ release_id: z.uuid(), records: z.number().int().nonnegative() });
export const RightsEvents = {
  releaseRightsUpdated: defineEvent('release.rights.updated', rightsChange),
  trackRightsUpdated: defineEvent('track.rights.updated', rightsChange.extend({ track_id: z.uuid() })),
};

/** Operations the catalogue answers for rights. */
export const RightsOperation = {
  releaseGet: 'release_rights.get',
  releaseReplace: 'release_rights.replace',
  trackGet: 'track_rights.get',
  trackReplace: 'track_rights.replace',
} as const;
