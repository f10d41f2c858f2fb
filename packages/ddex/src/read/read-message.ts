import { ERN_VERSIONS } from '../ern-version.ts';
import { detectErnMessage } from './detect-message.ts';
import { mapErn382Message } from './ern382/map-message.ts';
import { mapErn4Message } from './ern4/map-message.ts';
import type { ErnReadError, ErnReadResult } from './ingested-message.ts';
import type { MappingOutcome } from './mapping-outcome.ts';
import { mapPurgeMessage } from './purged-release.ts';
import { DEFAULT_MAX_ERN_BYTES, ErnParseError, parseErnXml, refuseUnsafeXml } from './safe-parse.ts';
import { cachedErnValidator } from './validator-cache.ts';

export interface ErnReadOptions {
  /** Larger messages are refused before anything else is done; 20 MB by default. */
  maxBytes?: number;
}

const failure = (errors: ErnReadError[]): ErnReadResult => ({ ok: false, errors });

/**
 * Reads an ERN NewReleaseMessage or PurgeReleaseMessage of any supported version into the
 * version-neutral model: refuses oversized input and DOCTYPEs, detects the version from the
 * root element, validates against that version's schema and its references (problems with
 * their element paths), then maps the main release (see ern4/map-message.ts and
 * ern382/map-message.ts for what each version's message means). Never throws for bad input.
 *
 * Only SoundRecordings become tracks: a message without any (a video-only release) is refused
 * with `the message carries no sound recording`; in a mixed release videos and other
 * resources are left out. A ringtone's SoundRecording is read like any other track
 * (its releaseType says RingtoneRelease).
 */
export const readErnMessage = (xml: string, options: ErnReadOptions = {}): ErnReadResult => {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_ERN_BYTES;
  try {
    refuseUnsafeXml(xml, maxBytes);
  } catch (error) {
    return failure([{ path: null, message: error instanceof Error ? error.message : String(error) }]);
  }
  const detected = detectErnMessage(xml);
  if (detected === null) {
    return failure([
      {
        path: null,
        message: `Not an ERN NewReleaseMessage or PurgeReleaseMessage of a supported version (${ERN_VERSIONS.join(', ')}).`,
      },
    ]);
  }

  const validation = cachedErnValidator(detected.version).validate(xml);
  if (!validation.valid) {
    return failure(validation.problems.map(({ path, line, message }) => (line === null ? { path, message } : { path, message, line })));
  }

  let outcome: MappingOutcome;
  try {
    const root = parseErnXml(xml, { maxBytes });
    if (detected.kind === 'PurgeReleaseMessage') outcome = mapPurgeMessage(root, detected.version);
    else outcome = detected.version === '3.8.2' ? mapErn382Message(root) : mapErn4Message(root, detected.version);
  } catch (error) {
    if (!(error instanceof ErnParseError)) throw error;
    return failure([{ path: null, message: error.message, ...(error.line === undefined ? {} : { line: error.line }) }]);
  }
  return outcome.message ? { ok: true, message: outcome.message } : failure(outcome.errors);
};
