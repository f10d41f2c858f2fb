import type { DeliveryKind, EffectiveStoreConfig } from '@sv/contracts';
import { ERN_VERSIONS, ErnBuildError, buildErn, isErnVersion, type ErnBuildInput, type ErnValidationResult, type ErnVersion } from '@sv/ddex';
import type { ErnValidators } from './ern-validators.ts';

/**
 * The ERN version the store's registry entry names. One the platform does not write cannot be
 * built, so it fails like any message that cannot be built: at once, with the reason.
 */
export const storeErnVersion = (store: EffectiveStoreConfig): ErnVersion => {
  const version = store.dsp.ern_version;
  if (!isErnVersion(version)) {
    throw new ErnBuildError(`${store.dsp.name} is registered for ERN ${version}, which the platform does not write (${ERN_VERSIONS.join(', ')}).`);
  }
  return version;
};

/** The stages of a store that holds the release already: what it receives next is an update. */
const HOLDS_RELEASE = new Set(['submitted', 'accepted', 'live', 'update_submitted', 'updated', 'rejected']);

/** The kind of the next message a deliver sends a store at `stage`: its first one, or an update. */
export const nextDeliveryKind = (stage: string | undefined): DeliveryKind => (stage !== undefined && HOLDS_RELEASE.has(stage) ? 'update' : 'new');

export interface BuiltErn {
  xml: string;
  validation: ErnValidationResult;
}

/** The message in `version`, checked against that version's schema and its references. */
export const buildValidatedErn = (validators: ErnValidators, version: ErnVersion, input: ErnBuildInput): BuiltErn => {
  const xml = buildErn(version, input);
  return { xml, validation: validators.of(version).validate(xml) };
};
