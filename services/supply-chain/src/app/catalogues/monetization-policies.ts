import type { MonetizationPolicyResource } from '@sv/contracts';

/**
 * The monetization policies a release (or one of its stores) may be offered under, as data.
 * Each maps to the DDEX ERN 4.3 deal terms the delivery writes: one CommercialModelType
 * (AVS CommercialModelType_ERN) and its UseTypes (AVS UseType_ERN).
 *
 * Codes are stable: release settings store them, so never rename or remove one; add new ones.
 */
export const MONETIZATION_POLICIES: readonly MonetizationPolicyResource[] = [
  {
    code: 'subscription_streaming',
    name: 'Subscription streaming',
    description: 'On-demand streaming for paying subscribers (premium tiers).',
    commercial_model_type: 'SubscriptionModel',
    use_types: ['OnDemandStream'],
    carries_price: false,
  },
  {
    code: 'ad_supported_streaming',
    name: 'Ad-supported streaming',
    description: 'On-demand streaming on free tiers paid for by advertising.',
    commercial_model_type: 'AdvertisementSupportedModel',
    use_types: ['OnDemandStream'],
    carries_price: false,
  },
  {
    code: 'non_interactive_streaming',
    name: 'Non-interactive streaming',
    description: 'Programmed radio-style streaming where the listener does not pick the track.',
    commercial_model_type: 'AdvertisementSupportedModel',
    use_types: ['NonInteractiveStream'],
    carries_price: false,
  },
  {
    code: 'permanent_download',
    name: 'Permanent download',
    description: 'A purchased download the buyer keeps; sold at the pricing tier.',
    commercial_model_type: 'PayAsYouGoModel',
    use_types: ['PermanentDownload'],
    carries_price: true,
  },
  {
    code: 'conditional_download',
    name: 'Conditional download',
    description: 'Offline copies for subscribers, playable only while the subscription lasts.',
    commercial_model_type: 'SubscriptionModel',
    use_types: ['ConditionalDownload'],
    carries_price: false,
  },
  {
    code: 'user_generated_content',
    name: 'User-generated content',
    description: 'Use in videos and posts users make; the store claims and monetizes those uses.',
    commercial_model_type: 'RightsClaimModel',
    use_types: ['UserMakeAvailableUserProvided'],
    carries_price: false,
  },
  {
    code: 'content_identification',
    name: 'Content identification',
    description: 'Reference audio for recognition and fingerprinting services; nothing is sold or streamed.',
    commercial_model_type: 'RightsClaimModel',
    use_types: ['UseForIdentification'],
    carries_price: false,
  },
];

const BY_CODE: ReadonlyMap<string, MonetizationPolicyResource> = new Map(MONETIZATION_POLICIES.map((policy) => [policy.code, policy]));

export const monetizationPolicyByCode = (code: string): MonetizationPolicyResource | undefined => BY_CODE.get(code);
