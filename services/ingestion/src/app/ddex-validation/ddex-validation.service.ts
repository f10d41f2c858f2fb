import type { DdexValidationReply } from '@sv/contracts';
import {
  ErnParseError,
  checkReleaseProfile,
  createErnValidator,
  detectErnMessage,
  parseErnXml,
  type ErnElement,
  type ErnValidator,
  type ErnVersion,
} from '@sv/ddex';
import { MAX_DDEX_BYTES } from '../ddex/ddex-ingestion.ts';
import { ernMessageTooLarge, notAnErnMessage } from './ddex-validation.errors.ts';

/**
 * One schema validator per version per process, compiled on first use (a few hundred
 * milliseconds). The release-profile rules are checked apart, so each finding keeps its rule,
 * severity and location instead of becoming a line of text.
 */
const validators = new Map<ErnVersion, ErnValidator>();

const validatorFor = (version: ErnVersion): ErnValidator => {
  let validator = validators.get(version);
  if (validator === undefined) {
    validator = createErnValidator(version, { profileRules: false });
    validators.set(version, validator);
  }
  return validator;
};

/** Frees the compiled schemas (at shutdown, or after tests); the next validation compiles again. */
export const disposeDdexValidators = (): void => {
  for (const validator of validators.values()) validator.dispose();
  validators.clear();
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
 * (for a NewReleaseMessage) what the release profile it names refuses, with each rule's number,
 * severity and element. Valid means no schema error and no fatal error or error of the profile.
 * Nothing is written anywhere: the message lives only for this call.
 */
export const validateDdexMessage = (xml: string): DdexValidationReply => {
  if (Buffer.byteLength(xml, 'utf8') > MAX_DDEX_BYTES) throw ernMessageTooLarge(MAX_DDEX_BYTES / (1024 * 1024));
  const detected = detectErnMessage(xml);
  if (detected === null) throw notAnErnMessage();

  const schema = validatorFor(detected.version).validate(xml);
  const root = parsedRoot(xml);
  const findings =
    root !== undefined && detected.kind === 'NewReleaseMessage'
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
    profile: root?.attribute('ReleaseProfileVersionId') ?? null,
    valid: xsdErrors.length === 0 && findings.every((finding) => finding.severity === 'warning'),
    xsd_errors: xsdErrors,
    findings,
  };
};
