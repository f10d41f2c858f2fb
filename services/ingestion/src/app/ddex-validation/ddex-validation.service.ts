import type { DdexValidationReply } from '@sv/contracts';
import {
  ErnParseError,
  cachedErnValidator,
  checkReleaseProfile,
  detectErnMessage,
  parseErnXml,
  type ErnElement,
  type ErnVersion,
} from '@sv/ddex';
import { MAX_DDEX_BYTES } from '../ddex/ddex-ingestion.ts';
import { ernMessageTooLarge, notAnErnMessage } from './ddex-validation.errors.ts';

/**
 * The profiles whose rules the platform checks (the ones its own messages follow, see
 * docs/ddex-profile-rules.md). The checks report any other profile as a fatal error, which is
 * right for a message the platform sends but not for a supplier's video or ringtone message: such
 * a message is left to its schema.
 */
const CHECKED_PROFILES: Readonly<Record<ErnVersion, readonly string[]>> = {
  '3.8.2': ['CommonReleaseTypes/14/AudioAlbum', 'CommonReleaseTypes/14/AudioSingle'],
  '4.2': ['Audio', 'SimpleAudioSingle'],
  '4.3': ['Audio', 'SimpleAudioSingle'],
};

/** The parsed root, or undefined when the XML does not parse (the schema errors then say why). */
const parsedRoot = (xml: string): ErnElement | undefined => {
  try {
    return parseErnXml(xml, { maxBytes: MAX_DDEX_BYTES });
  } catch (error) {
    if (error instanceof ErnParseError) return undefined;
    throw error;
  }
};

/**
 * POST /ddex/validate: the message's type and version, what its version's schema refuses, and
 * (for a NewReleaseMessage naming a profile the platform checks) what that profile refuses, with each rule's number,
 * severity and element. Valid means no schema error and no fatal error or error of the profile.
 * Nothing is written anywhere: the message lives only for this call.
 */
export const validateDdexMessage = (xml: string): DdexValidationReply => {
  if (Buffer.byteLength(xml, 'utf8') > MAX_DDEX_BYTES) throw ernMessageTooLarge(MAX_DDEX_BYTES / (1024 * 1024));
  const detected = detectErnMessage(xml);
  if (detected === null) throw notAnErnMessage();

  // The schema through the reader's validator (profile rules off); the profile rules are checked apart, so each
  // finding keeps its rule, severity and location instead of becoming a line of text.
  const schema = cachedErnValidator(detected.version).validate(xml);
  const root = parsedRoot(xml);
  const profile = root?.attribute('ReleaseProfileVersionId') ?? null;
  const profileChecked = root !== undefined && detected.kind === 'NewReleaseMessage' && profile !== null && CHECKED_PROFILES[detected.version].includes(profile);
  const findings =
    root !== undefined && profileChecked
      ? checkReleaseProfile(root, detected.version).map((finding) => ({
          rule: finding.rule,
          severity: finding.severity,
          profile: finding.profile,
          location: finding.path,
          message: finding.message,
        }))
      : [];
  const xsdErrors = schema.problems.map((problem) => ({ line: problem.line, column: null, location: problem.path, message: problem.message }));
  return {
    message_type: detected.kind,
    ern_version: detected.version,
    profile,
    profile_checked: profileChecked,
    valid: xsdErrors.length === 0 && findings.every((finding) => finding.severity === 'warning'),
    xsd_errors: xsdErrors,
    findings,
  };
};
