import { createErnValidator, type ErnValidator, type ErnVersion } from '@sv/ddex';

/** One compiled validator per ERN version, shared by every message of that version. */
export interface ErnValidators {
  /** The version's validator (XSD and reference integrity), compiled on first use. */
  of(version: ErnVersion): ErnValidator;
  /** Frees every validator compiled so far. */
  dispose(): void;
}

/**
 * Compiling a schema takes a few hundred milliseconds and most deployments deliver in one or two
 * versions, so each is compiled the first time a message of that version is validated.
 */
export const lazyErnValidators = (compile: (version: ErnVersion) => ErnValidator = createErnValidator): ErnValidators => {
  const compiled = new Map<ErnVersion, ErnValidator>();
  return {
    of(version) {
      let validator = compiled.get(version);
      if (!validator) {
        validator = compile(version);
        compiled.set(version, validator);
      }
      return validator;
    },
    dispose() {
      for (const validator of compiled.values()) validator.dispose();
      compiled.clear();
    },
  };
};
