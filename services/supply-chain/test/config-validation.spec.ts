import { DspOverrideBody } from '@sv/contracts';
import { ValidationError, parseOrThrow } from '@sv/platform';
import { validOverrideBody, validPolicyCodes, validTerritoryCodes, validTierCode } from '../src/app/release-config/config-validation.ts';
import { applyOverrideChange, assertOverrideTerritories } from '../src/app/release-config/override-change.ts';

/* Settings as sent: codes checked against the catalogues, canonical forms, per-DSP changes. */

const fieldsOf = (action: () => unknown): Record<string, string[]> => {
  try {
    action();
  } catch (error) {
    if (error instanceof ValidationError) return error.fields ?? {};
    throw error;
  }
  throw new Error('expected a ValidationError');
};

describe('release-level codes', () => {
  it('keeps known policies once each, in catalogue order', () => {
    expect(validPolicyCodes(['permanent_download', 'subscription_streaming', 'permanent_download'])).toEqual([
      'subscription_streaming',
      'permanent_download',
    ]);
  });

  it('refuses unknown policies at their index', () => {
    expect(fieldsOf(() => validPolicyCodes(['subscription_streaming', 'free_stuff']))).toEqual({
      'monetization_policy_codes.1': ["Unknown monetization policy 'free_stuff'. See GET /supply-chain/monetization-policies."],
    });
  });

  it('refuses an unknown tier', () => {
    expect(validTierCode('budget')).toBe('budget');
    expect(fieldsOf(() => validTierCode('cheap'))).toEqual({ pricing_tier_code: ["Unknown pricing tier 'cheap'. See GET /supply-chain/pricing-tiers."] });
  });

  it('makes territory lists canonical and refuses unknown codes', () => {
    expect(validTerritoryCodes(['US', 'GB', 'US'])).toEqual(['GB', 'US']);
    expect(Object.keys(fieldsOf(() => validTerritoryCodes(['GB', 'EU', 'ZZ'])))).toEqual(['territory_codes.1', 'territory_codes.2']);
  });
});

describe('validOverrideBody', () => {
  const parse = (body: unknown) => validOverrideBody(parseOrThrow(DspOverrideBody, body));

  it('passes absent fields through as absent and nulls as nulls', () => {
    expect(parse({ is_blocked: true })).toEqual({ is_blocked: true });
    expect(parse({ territory_codes: null, rights: null, release_date: null })).toEqual({ territory_codes: null, rights: null, release_date: null });
  });

  it('makes codes canonical (territories upper-cased by the schema, sorted, once)', () => {
    expect(parse({ territory_mode: 'include', territory_codes: ['us', 'gb', 'US'], monetization_policy_codes: ['permanent_download', 'subscription_streaming'] })).toEqual({
      territory_mode: 'include',
      territory_codes: ['GB', 'US'],
      monetization_policy_codes: ['subscription_streaming', 'permanent_download'],
    });
  });

  it('reports every bad field at once', () => {
    expect(fieldsOf(() => parse({ territory_codes: ['GB', 'XX'], monetization_policy_codes: ['nope'], pricing_tier_code: 'cheap' }))).toEqual({
      'territory_codes.1': ["Unknown territory 'XX'. Use ISO 3166-1 alpha-2 codes or Worldwide."],
      'monetization_policy_codes.0': ["Unknown monetization policy 'nope'. See GET /supply-chain/monetization-policies."],
      pricing_tier_code: ["Unknown pricing tier 'cheap'. See GET /supply-chain/pricing-tiers."],
    });
  });

  it("checks rights records by the catalogue's rules and stores them whole", () => {
    expect(parse({ rights: [{ type: 'master', holder: ' Nova Records ', share: '60.5', territory_codes: ['gb', 'GB'] }] })).toEqual({
      rights: [
        { type: 'master', holder: 'Nova Records', share: 60.5, territory_codes: ['GB'], start_date: null, end_date: null, p_line: null, c_line: null },
      ],
    });
    const fields = fieldsOf(() =>
      parse({
        rights: [
          { type: 'master', holder: '', share: 70 },
          { type: 'master', holder: 'B', share: 40 },
          { type: 'film', holder: 'C', share: 10 },
        ],
      }),
    );
    expect(fields['rights.0.holder']).toEqual(['The holder field is required.']);
    expect(fields['rights.2.type']).toBeDefined();
    const overAllocated = fieldsOf(() => parse({ rights: [{ type: 'master', holder: 'A', share: 70 }, { type: 'master', holder: 'B', share: 40 }] }));
    expect(overAllocated.rights?.[0]).toMatch(/master shares add up to 110\.00 worldwide/);
    expect(Object.keys(fieldsOf(() => parse({ rights: [{ type: 'master', holder: 'A', share: 10, start_date: '2027-05-01', end_date: '2027-04-01' }] })))).toEqual([
      'rights.0.end_date',
    ]);
  });
});

describe('applyOverrideChange', () => {
  const stored = { territory_mode: 'exclude', territory_codes: ['CN'], pricing_tier_code: 'budget' } as const;

  it('keeps what the change leaves out, sets what it gives and clears what it nulls', () => {
    expect(applyOverrideChange({ ...stored, territory_codes: ['CN'] }, { pricing_tier_code: null, release_date: '2027-05-01', is_blocked: true })).toEqual({
      territory_mode: 'exclude',
      territory_codes: ['CN'],
      release_date: '2027-05-01',
    });
  });

  it('never stores the block flag among the overrides', () => {
    expect(applyOverrideChange({}, { is_blocked: true })).toEqual({});
  });

  it('clears everything with nulls', () => {
    const cleared = applyOverrideChange(
      { ...stored, territory_codes: ['CN'], monetization_policy_codes: ['permanent_download'], release_date: '2027-05-01', rights: [] },
      { territory_mode: null, territory_codes: null, monetization_policy_codes: null, pricing_tier_code: null, release_date: null, rights: null },
    );
    expect(cleared).toEqual({});
  });
});

describe('assertOverrideTerritories', () => {
  it('holds the territory rules within the override', () => {
    expect(() => assertOverrideTerritories({ territory_mode: 'exclude', territory_codes: ['CN'] })).not.toThrow();
    expect(() => assertOverrideTerritories({ territory_mode: 'exclude' })).not.toThrow();
    expect(fieldsOf(() => assertOverrideTerritories({ territory_mode: 'exclude', territory_codes: ['Worldwide'] }))).toEqual({
      territory_codes: ['Excluding Worldwide leaves no territory: to exclude territories, list them with territory_mode exclude.'],
    });
    expect(Object.keys(fieldsOf(() => assertOverrideTerritories({ territory_codes: ['Worldwide', 'GB'] })))).toEqual(['territory_codes']);
    expect(Object.keys(fieldsOf(() => assertOverrideTerritories({ territory_mode: 'include', territory_codes: [] })))).toEqual(['territory_codes']);
  });
});

describe('per-track withdrawals in a per-DSP override', () => {
  const track = 'A0B1C2D3-0000-4000-8000-000000000001';
  const body = (withdrawals: unknown) => parseOrThrow(DspOverrideBody, { track_withdrawals: withdrawals });

  it('keeps each withdrawal with canonical codes and a lower-case track id', () => {
    const change = validOverrideBody(body([{ track_id: track, monetization_policy_codes: ['ad_supported_streaming', 'subscription_streaming', 'ad_supported_streaming'] }]));
    expect(change.track_withdrawals).toEqual([{ track_id: track.toLowerCase(), monetization_policy_codes: ['subscription_streaming', 'ad_supported_streaming'] }]);
  });

  it('refuses an unknown policy and a track named twice, at their places', () => {
    const fields = fieldsOf(() =>
      validOverrideBody(
        body([
          { track_id: track, monetization_policy_codes: ['free_stuff'] },
          { track_id: track.toLowerCase(), monetization_policy_codes: ['subscription_streaming'] },
        ]),
      ),
    );
    expect(fields).toEqual({
      'track_withdrawals.0.monetization_policy_codes.0': ["Unknown monetization policy 'free_stuff'. See GET /supply-chain/monetization-policies."],
      'track_withdrawals.1.track_id': ['Each track may appear once in track_withdrawals.'],
    });
  });

  it('refuses a track id that is not a uuid and an empty policy list', () => {
    expect(() => body([{ track_id: 'first', monetization_policy_codes: ['subscription_streaming'] }])).toThrow(ValidationError);
    expect(() => body([{ track_id: track, monetization_policy_codes: [] }])).toThrow(ValidationError);
  });

  it('sets, keeps and clears them like every other override field', () => {
    const set = applyOverrideChange({}, validOverrideBody(body([{ track_id: track, monetization_policy_codes: ['subscription_streaming'] }])));
    expect(set.track_withdrawals).toHaveLength(1);
    expect(applyOverrideChange(set, validOverrideBody(parseOrThrow(DspOverrideBody, { release_date: '2027-01-01' }))).track_withdrawals).toHaveLength(1);
    expect(applyOverrideChange(set, validOverrideBody(body(null))).track_withdrawals).toBeUndefined();
  });
});
