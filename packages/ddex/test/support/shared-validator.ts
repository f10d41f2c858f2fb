import { createErn43Validator, type Ern43Validator } from '../../src/index.ts';

/**
 * One compiled validator per test file (compiling the schema is the slow part), created on
 * first use; call `disposeSharedValidator` in afterAll.
 */
let validator: Ern43Validator | undefined;

export const sharedValidator = (): Ern43Validator => {
  validator ??= createErn43Validator();
  return validator;
};

export const disposeSharedValidator = (): void => {
  validator?.dispose();
  validator = undefined;
};
