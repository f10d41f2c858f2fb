import { CONFIG_FIELDS, type DspOverrides } from '@sv/contracts';
import { ValidationError } from '@sv/platform';
import type { OverrideChange } from './config-validation.ts';
import { territoryPairErrors } from './territory-rules.ts';

/** An override may set every field the release level has, under the same names. */
const OVERRIDE_FIELDS = CONFIG_FIELDS satisfies readonly (keyof DspOverrides)[];

/** The stored override with the change applied: an absent field keeps, null clears, a value sets. */
export const applyOverrideChange = (current: DspOverrides, change: OverrideChange): DspOverrides => {
  const next: Record<string, unknown> = { ...current };
  for (const field of OVERRIDE_FIELDS) {
    const value = change[field];
    if (value === null) delete next[field];
    else if (value !== undefined) next[field] = value;
  }
  return next as DspOverrides;
};

/**
 * The territory rules hold within the override: a list it sets must make sense on its own and
 * with the mode it sets. What it combines with from the release level is the delivery plan's to
 * report (the release level may change later anyway).
 */
export const assertOverrideTerritories = (overrides: DspOverrides): void => {
  if (!overrides.territory_codes) return;
  const errors = territoryPairErrors(overrides.territory_mode, overrides.territory_codes);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
};
