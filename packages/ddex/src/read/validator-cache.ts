import type { ErnVersion } from '../ern-version.ts';
import { createErnValidator, type ErnValidator } from '../validate/ern-validator.ts';

/** Compiling a schema takes a few hundred milliseconds: one validator per version per process, made on first use. */
const validators = new Map<ErnVersion, ErnValidator>();

export const cachedErnValidator = (version: ErnVersion): ErnValidator => {
  let validator = validators.get(version);
  if (validator === undefined) {
    // A label's message follows its sender's release profile, not the platform's.
    validator = createErnValidator(version, { profileRules: false });
    validators.set(version, validator);
  }
  return validator;
};

/** Frees the cached validators (at shutdown, or after tests); the next read compiles again. */
export const disposeCachedErnValidators = (): void => {
  for (const validator of validators.values()) validator.dispose();
  validators.clear();
};
