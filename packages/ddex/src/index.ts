// ERN 4.3 NewReleaseMessage
export {
  ErnBuildError,
  type ArtworkFileInfo,
  type AudioFileInfo,
  type ErnBuildInput,
  type ErnParty,
  type ResourceFileInfo,
} from './ern/build-input.ts';
export { AVS_VERSION_ID, ERN43_NAMESPACE, buildErn43 } from './ern43/build-message.ts';
export { ernFileName, resourceFileNames } from './ern/file-names.ts';

// Validation
export { createErn43Validator, type Ern43Validator, type ErnValidationResult } from './validate/xsd-validator.ts';
export { checkReferenceIntegrity } from './validate/reference-integrity.ts';
export { createErnValidator, type ErnValidator, type ErnValidatorOptions } from './validate/ern-validator.ts';

// The SFTP choreography: end of batch, acknowledgements
export { ERN_CHOREOGRAPHY_NAMESPACE } from './choreography.ts';
export { batchCompleteFileName, buildBatchComplete, type BatchCompleteInput, type BatchMessage } from './batch/batch-complete.ts';
export {
  ACKNOWLEDGED_STATUSES,
  ErnAcknowledgementError,
  type AcknowledgedRelease,
  type AcknowledgedStatus,
  type ErnAcknowledgement,
} from './ack/acknowledgement.ts';
export { MAX_ACKNOWLEDGEMENT_BYTES, parseErnAcknowledgement } from './ack/parse-acknowledgement.ts';
export { buildErnAcknowledgement, type ErnAcknowledgementInput } from './ack/build-acknowledgement.ts';
export { acknowledgementFileName, parseAcknowledgementFileName } from './ack/file-names.ts';

// Every version: the builder by version (stores name theirs in the DSP registry)
// Reading: every version into one model
export * from './read/index.ts';

export { ERN_NAMESPACES, ERN_VERSIONS, isErnVersion, type ErnVersion } from './ern-version.ts';
export { buildErn } from './build-ern.ts';
export { ERN42_NAMESPACE, buildErn42 } from './ern42/build-message.ts';
export { ERN382_NAMESPACE, buildErn382 } from './ern382/build-message.ts';

// DDEX release-profile rules: the known findings of DDEX's compiled rules that are not faults
export {
  KNOWN_PROFILE_FINDINGS,
  knownProfileFinding,
  type KnownProfileFinding,
  type KnownProfileFindingKind,
  type ProfileFindingRef,
} from './profile-rules/known-differences.ts';
export { elementAtLocation } from './profile-rules/location.ts';
export { checkReleaseProfile, type ProfileRuleFinding, type ProfileRuleSeverity } from './profile-rules/check-profile.ts';
export { parseErnXml } from './read/safe-parse.ts';
