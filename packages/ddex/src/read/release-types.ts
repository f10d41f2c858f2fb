import type { ErnElement } from './ern-element.ts';
import type { IngestedErnRelease } from './ingested-message.ts';

/**
 * A coded value as given; for DDEX's `<X UserDefinedValue="eMastertone">UserDefined</X>` the
 * meaning is in the attribute.
 */
export const codedValue = (element: ErnElement | undefined): string | undefined => {
  if (element === undefined || element.text === '') return undefined;
  return element.text === 'UserDefined' ? (element.attribute('UserDefinedValue') ?? element.text) : element.text;
};

/** Release types the platform sells as singles: one main resource (a ringtone is one, too). */
const SINGLE_TYPES = new Set(['Single', 'SingleResourceRelease', 'SingleResourceReleaseWithCoverArt', 'RingtoneRelease']);

/** Single-resource types → single, EP → ep, everything else (Album, Bundle, ClassicalAlbum, none given…) → album. */
export const platformTypeOf = (releaseType: string): IngestedErnRelease['platformType'] => {
  if (SINGLE_TYPES.has(releaseType)) return 'single';
  return releaseType === 'EP' ? 'ep' : 'album';
};

/** The first ReleaseType given (the message may list a standard type and a UserDefined one). */
export const releaseTypeOf = (typeElements: ErnElement[]): string => codedValue(typeElements.find((type) => type.text !== '')) ?? '';

/** xs:boolean text. */
export const isTrue = (text: string | undefined): boolean => text === 'true' || text === '1';
