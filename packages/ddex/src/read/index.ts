// Reading ERN messages of every supported version into one version-neutral model.
export { detectErnMessage, type DetectedErnMessage, type ErnMessageKind } from './detect-message.ts';
export { readErnMessage, type ErnReadOptions } from './read-message.ts';
export { DEFAULT_MAX_ERN_BYTES, ErnParseError, parseErnXml } from './safe-parse.ts';
export { ErnElement } from './ern-element.ts';
export { repeatedResourceReference } from './ern382/map-message.ts';
export { findDocumentTexts, type DocumentText } from './document-texts.ts';
export { decodeCharacterReferences } from '../xml/xml-text.ts';
export { cachedErnValidator, disposeCachedErnValidators } from './validator-cache.ts';
export type {
  ErnReadError,
  ErnReadResult,
  ErnReadWarning,
  IngestedErnArtist,
  IngestedErnContributor,
  IngestedErnDeal,
  IngestedErnFile,
  IngestedErnMessage,
  IngestedErnRelease,
  IngestedErnRightsLine,
  IngestedErnTitle,
  IngestedErnTrack,
} from './ingested-message.ts';
