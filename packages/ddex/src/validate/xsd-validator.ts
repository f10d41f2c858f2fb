import { createErnValidator, type ErnValidationResult } from './ern-validator.ts';

export type { ErnValidationResult } from './ern-validator.ts';

/** What the ERN 4.3 validator has always returned: callers compare it whole with `{ valid, errors }`. */
export type Ern43ValidationResult = Pick<ErnValidationResult, 'valid' | 'errors'>;

/** Validates ERN 4.3 NewReleaseMessages against the compiled schema; dispose it when done. */
export interface Ern43Validator {
  validate(xml: string): Ern43ValidationResult;
  dispose(): void;
}

/**
 * The ERN 4.3 validator in its original form: `createErnValidator('4.3')` without the
 * element paths (use that one to get them).
 */
export const createErn43Validator = (): Ern43Validator => {
  const validator = createErnValidator('4.3');
  return {
    validate(xml: string): Ern43ValidationResult {
      const { valid, errors } = validator.validate(xml);
      return { valid, errors };
    },
    dispose: () => validator.dispose(),
  };
};
