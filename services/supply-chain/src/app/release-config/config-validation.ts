import { Messages, RightsBody, type DspOverrideBody, type DspOverrides, type SnapshotRightsRecord, type TrackWithdrawal } from '@sv/contracts';
import { ValidationError, parseOrThrow, type FieldErrors } from '@sv/platform';
import { MONETIZATION_POLICIES, monetizationPolicyByCode } from '../catalogues/monetization-policies.ts';
import { pricingTierByCode } from '../catalogues/pricing-tiers.ts';
import { canonicalTerritoryCodes, unknownTerritoryErrors } from './territory-rules.ts';

/*
 * Codes sent in settings are checked against the catalogues (422 per field, at the index of the
 * bad entry) and stored in one canonical form, so equal settings compare equal.
 */

const CATALOGUE_ORDER = new Map(MONETIZATION_POLICIES.map((policy, index) => [policy.code, index]));

const throwIfAny = (errors: FieldErrors): void => {
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
};

const policyCodeErrors = (codes: readonly string[], field: string): FieldErrors => {
  const errors: FieldErrors = {};
  codes.forEach((code, index) => {
    if (!monetizationPolicyByCode(code)) errors[`${field}.${index}`] = [Messages.unknownMonetizationPolicy(code)];
  });
  return errors;
};

const tierCodeErrors = (code: string, field: string): FieldErrors =>
  pricingTierByCode(code) ? {} : { [field]: [Messages.unknownPricingTier(code)] };

/** Each policy once, in the catalogue's order. */
const canonicalPolicyCodes = (codes: readonly string[]): string[] =>
  [...new Set(codes)].sort((a, b) => (CATALOGUE_ORDER.get(a) ?? 0) - (CATALOGUE_ORDER.get(b) ?? 0));

/** Known policy codes, canonical; else 422 naming each unknown one. */
export const validPolicyCodes = (codes: readonly string[], field = 'monetization_policy_codes'): string[] => {
  throwIfAny(policyCodeErrors(codes, field));
  return canonicalPolicyCodes(codes);
};

/** A known pricing tier code; else 422. */
export const validTierCode = (code: string, field = 'pricing_tier_code'): string => {
  throwIfAny(tierCodeErrors(code, field));
  return code;
};

/** Known territory codes, canonical; else 422 naming each unknown one. */
export const validTerritoryCodes = (codes: readonly string[], field = 'territory_codes'): string[] => {
  throwIfAny(unknownTerritoryErrors(codes, field));
  return canonicalTerritoryCodes(codes);
};

/** Rights records by the catalogue's own rules (RightsBody), stored in the snapshot's shape. */
const validRights = (records: unknown[]): SnapshotRightsRecord[] =>
  parseOrThrow(RightsBody, { rights: records }).rights.map((record) => ({
    type: record.type,
    holder: record.holder,
    share: record.share,
    territory_codes: record.territory_codes,
    start_date: record.start_date ?? null,
    end_date: record.end_date ?? null,
    p_line: record.p_line ?? null,
    c_line: record.c_line ?? null,
  }));

type WithdrawalsBody = NonNullable<DspOverrideBody['track_withdrawals']>;

/** Each track once, with known policy codes; 422 at the index of each bad entry. */
const trackWithdrawalErrors = (withdrawals: WithdrawalsBody): FieldErrors => {
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  withdrawals.forEach((withdrawal, index) => {
    const field = `track_withdrawals.${index}`;
    if (seen.has(withdrawal.track_id.toLowerCase())) errors[`${field}.track_id`] = [Messages.trackWithdrawnTwice];
    seen.add(withdrawal.track_id.toLowerCase());
    Object.assign(errors, policyCodeErrors(withdrawal.monetization_policy_codes, `${field}.monetization_policy_codes`));
  });
  return errors;
};

/** Withdrawals in one canonical form (lower-case ids, policies in the catalogue's order), in track order of the request. */
const canonicalWithdrawals = (withdrawals: WithdrawalsBody): TrackWithdrawal[] =>
  withdrawals.map((withdrawal) => ({
    track_id: withdrawal.track_id.toLowerCase(),
    monetization_policy_codes: canonicalPolicyCodes(withdrawal.monetization_policy_codes),
  }));

/** A per-DSP change: each override field absent (keep), null (clear) or a checked value (set). */
export type OverrideChange = { is_blocked?: boolean } & { [K in keyof DspOverrides]?: DspOverrides[K] | null };

/** An override body with its codes checked and canonical; every bad field is reported at once. */
export const validOverrideBody = (body: DspOverrideBody): OverrideChange => {
  const errors: FieldErrors = {
    ...(body.monetization_policy_codes ? policyCodeErrors(body.monetization_policy_codes, 'monetization_policy_codes') : {}),
    ...(body.pricing_tier_code ? tierCodeErrors(body.pricing_tier_code, 'pricing_tier_code') : {}),
    ...(body.territory_codes ? unknownTerritoryErrors(body.territory_codes, 'territory_codes') : {}),
    ...(body.track_withdrawals ? trackWithdrawalErrors(body.track_withdrawals) : {}),
  };
  let rights: SnapshotRightsRecord[] | null | undefined = body.rights === null ? null : undefined;
  if (body.rights) {
    try {
      rights = validRights(body.rights);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      Object.assign(errors, error.fields);
    }
  }
  throwIfAny(errors);
  const { rights: _unchecked, ...rest } = body;
  return {
    ...rest,
    ...(body.monetization_policy_codes ? { monetization_policy_codes: canonicalPolicyCodes(body.monetization_policy_codes) } : {}),
    ...(body.territory_codes ? { territory_codes: canonicalTerritoryCodes(body.territory_codes) } : {}),
    ...(rights !== undefined ? { rights } : {}),
    ...(body.track_withdrawals ? { track_withdrawals: canonicalWithdrawals(body.track_withdrawals) } : {}),
  };
};
