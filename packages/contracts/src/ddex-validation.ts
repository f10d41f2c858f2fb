import { z } from 'zod';
import { WRITTEN_ERN_VERSIONS } from './routes/requests/ddex-preview-query.ts';

/*
 * POST /ddex/validate: a supplier's or integrator's ERN message checked as the platform would
 * check it, with nothing kept. The answer lists every problem found, the way DDEX Workbench does:
 * what the schema refuses, then what the release profile the message names refuses.
 */

/** The field (JSON body, and multipart field of the upload form) holding the message. */
export const DDEX_VALIDATE_FIELD = 'ddex_xml';

/** How long a message's validation may take: compiling a version's schema on first use, then a large message. */
export const DDEX_VALIDATE_TIMEOUT_MS = 30_000;

export const DdexValidateBody = z.object({
  ddex_xml: z.string().min(1, 'The ddex_xml is required.').describe('The ERN message itself (NewReleaseMessage or PurgeReleaseMessage, 3.8.2, 4.2 or 4.3).'),
});
export type DdexValidateBody = z.infer<typeof DdexValidateBody>;

export const DDEX_MESSAGE_TYPES = ['NewReleaseMessage', 'PurgeReleaseMessage'] as const;

export const DDEX_FINDING_SEVERITIES = ['fatal', 'error', 'warning'] as const;

/** One problem the schema (or the references it cannot check) finds. */
export const DdexSchemaError = z.object({
  /** Null when the problem names no line (a count of further problems). */
  line: z.number().int().nullable(),
  /** Null when the validator gives none. */
  column: z.number().int().nullable(),
  /** The element concerned (`/NewReleaseMessage/ResourceList/SoundRecording[2]`); null when the XML does not parse. */
  location: z.string().nullable(),
  message: z.string(),
});

/** One release-profile finding. */
export const DdexProfileFinding = z.object({
  /** The profile's rule number, such as `1138-1`. */
  rule: z.string(),
  severity: z.enum(DDEX_FINDING_SEVERITIES),
  /** The profile the message names (its ReleaseProfileVersionId). */
  profile: z.string(),
  location: z.string(),
  message: z.string(),
});

export const DdexValidationReply = z.object({
  message_type: z.enum(DDEX_MESSAGE_TYPES),
  ern_version: z.enum(WRITTEN_ERN_VERSIONS),
  /** The root's ReleaseProfileVersionId; null when absent or when the XML does not parse. */
  profile: z.string().nullable(),
  /**
   * Whether the release-profile rules were checked: only for a NewReleaseMessage naming a profile
   * the platform checks (1.4 Audio Album and Audio Single for ERN 3.8.2; 2.1 Audio and Simple
   * Audio Single for ERN 4). Another profile (a video, a ringtone, a 1.3 profile) or none: the
   * schema alone decides.
   */
  profile_checked: z.boolean(),
  /** No schema error and no profile finding of severity fatal or error. */
  valid: z.boolean(),
  /** Schema (XSD) errors, then references the schema cannot check (a reference used but not declared). */
  xsd_errors: z.array(DdexSchemaError),
  /** Release-profile findings (NewReleaseMessage only): rule, severity, location. */
  findings: z.array(DdexProfileFinding),
});
export type DdexValidationReply = z.infer<typeof DdexValidationReply>;
