import { ErnBuildError, type ErnBuildInput } from './ern/build-input.ts';
import { buildErn43 } from './ern43/build-message.ts';
import { buildErn42 } from './ern42/build-message.ts';
import { buildErn382 } from './ern382/build-message.ts';
import { ERN_VERSIONS, isErnVersion, type ErnVersion } from './ern-version.ts';

const BUILDERS: Readonly<Record<ErnVersion, (input: ErnBuildInput) => string>> = {
  '4.3': buildErn43,
  '4.2': buildErn42,
  '3.8.2': buildErn382,
};

/**
 * The NewReleaseMessage in the ERN version the store reads. Every version is built from the
 * same input with the same plan, so the messages state the same release, deals and order.
 * The version usually comes from stored configuration, so an unknown one is refused plainly.
 */
export const buildErn = (version: ErnVersion, input: ErnBuildInput): string => {
  if (!isErnVersion(version)) {
    throw new ErnBuildError(`ERN version "${String(version)}" is not supported (${ERN_VERSIONS.join(', ')}).`);
  }
  return BUILDERS[version](input);
};
