import { readFile } from 'node:fs/promises';
import { MonetizationPolicyResource, PricingTierResource } from '@sv/contracts';
import { listMonetizationPolicies, listPricingTiers } from '../src/app/catalogues/catalogues.service.ts';
import { monetizationPolicyByCode } from '../src/app/catalogues/monetization-policies.ts';
import { DEFAULT_PRICING_TIER, pricingTierByCode } from '../src/app/catalogues/pricing-tiers.ts';

/* The monetization and pricing catalogues: stable codes, and DDEX values the ERN 4.3 schema allows. */

const AVS = new URL('../../../packages/ddex/schemas/ern43/allowed-value-sets.xsd', import.meta.url);

/** The enumeration values of one simple type of the ERN 4.3 allowed-value sets. */
const allowedValues = async (typeName: string): Promise<Set<string>> => {
  const xsd = await readFile(AVS, 'utf8');
  const start = xsd.indexOf(`<xs:simpleType name="${typeName}">`);
  expect(start).toBeGreaterThan(-1);
  const body = xsd.slice(start, xsd.indexOf('</xs:simpleType>', start));
  return new Set([...body.matchAll(/<xs:enumeration value="([^"]+)"/g)].map((match) => match[1] ?? ''));
};

const CODE = /^[a-z][a-z0-9_]*$/;

describe('the monetization policies', () => {
  const policies = listMonetizationPolicies();

  it('offer at least the policies the spec and the stores need, each code once', () => {
    const codes = policies.map((policy) => policy.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(
      expect.arrayContaining([
        'subscription_streaming',
        'ad_supported_streaming',
        'permanent_download',
        'non_interactive_streaming',
        'user_generated_content',
        'conditional_download',
      ]),
    );
    expect(codes.every((code) => CODE.test(code))).toBe(true);
  });

  it('are well-formed resources with a name and a description', () => {
    for (const policy of policies) {
      expect(MonetizationPolicyResource.parse(policy)).toEqual(policy);
      expect(policy.name.trim().length).toBeGreaterThan(2);
      expect(policy.description.trim().length).toBeGreaterThan(10);
    }
  });

  it('map to CommercialModelType values ERN 4.3 allows', async () => {
    const allowed = await allowedValues('CommercialModelType_ERN');
    expect(allowed.has('SubscriptionModel')).toBe(true);
    const bad = policies.filter((policy) => !allowed.has(policy.commercial_model_type) || policy.commercial_model_type === 'UserDefined');
    expect(bad.map((policy) => policy.code)).toEqual([]);
  });

  it('map to UseType values ERN 4.3 allows', async () => {
    const allowed = await allowedValues('UseType_ERN');
    expect(allowed.has('OnDemandStream')).toBe(true);
    const bad = policies.flatMap((policy) => policy.use_types.filter((use) => !allowed.has(use) || use === 'UserDefined'));
    expect(bad).toEqual([]);
  });

  it('map the spec named policies to the deals stores expect', () => {
    expect(monetizationPolicyByCode('subscription_streaming')).toMatchObject({ commercial_model_type: 'SubscriptionModel', use_types: ['OnDemandStream'], carries_price: false });
    expect(monetizationPolicyByCode('ad_supported_streaming')).toMatchObject({ commercial_model_type: 'AdvertisementSupportedModel', carries_price: false });
    expect(monetizationPolicyByCode('permanent_download')).toMatchObject({ commercial_model_type: 'PayAsYouGoModel', use_types: ['PermanentDownload'], carries_price: true });
    expect(monetizationPolicyByCode('user_generated_content')).toMatchObject({ commercial_model_type: 'RightsClaimModel' });
    expect(monetizationPolicyByCode('nope')).toBeUndefined();
  });

  it('price only sales: downloads carry the tier, streams and claims do not', () => {
    expect(policies.filter((policy) => policy.carries_price).map((policy) => policy.code)).toEqual(['permanent_download']);
  });
});

describe('the pricing tiers', () => {
  const tiers = listPricingTiers();

  it('offer at least front_line, mid_price and budget, each code once', () => {
    const codes = tiers.map((tier) => tier.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(expect.arrayContaining(['front_line', 'mid_price', 'budget']));
    expect(codes.every((code) => CODE.test(code))).toBe(true);
  });

  it('give each tier its own price code and a PriceInformationType ERN 4.3 allows', async () => {
    const allowed = await allowedValues('PriceInformationType');
    for (const tier of tiers) {
      expect(PricingTierResource.parse(tier)).toEqual(tier);
      expect(tier.price_code).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(allowed.has(tier.price_information_type)).toBe(true);
    }
    expect(new Set(tiers.map((tier) => tier.price_code)).size).toBe(tiers.length);
    expect(pricingTierByCode('front_line')?.price_code).toBe('FRONTLINE');
  });

  it('has the default tier among them', () => {
    expect(pricingTierByCode(DEFAULT_PRICING_TIER)).toBeDefined();
  });
});
