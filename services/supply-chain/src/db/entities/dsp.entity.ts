import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const moment = () => p.datetime().columnType('timestamptz');

/**
 * A destination of the DSP registry, copied from the versioned registry data at start-up.
 * Platform-wide (no tenant); never deleted: a retired destination becomes is_active = false.
 */
export const Dsp = defineEntity({
  name: 'Dsp',
  tableName: 'dsp',
  properties: {
    /** The registry's stable dsp_id. */
    id: p.integer().primary().autoincrement(false),
    slug: p.text(),
    name: p.text(),
    /** lower(name): the alphabetical order of lists. */
    sortName: p.text(),
    deliveryMethod: p.text(),
    ernVersion: p.text(),
    certificationLevel: p.text(),
    /** Relative to the CDN address, which may differ per deployment; null until a logo is published. */
    logoPath: p.text().nullable(),
    websiteUrl: p.text(),
    deliveryType: p.text(),
    isActive: p.boolean(),
    /** The store's DDEX party id; set by the registry sync (null only before the first sync of version 2). */
    ddexPartyId: p.text().nullable(),
    /** Monetization policy codes the store is sent by default. */
    defaultMonetizationPolicyCodes: p.json<string[]>().columnType('jsonb'),
    defaultPricingTierCode: p.text().nullable(),
    /** Days before the release date a new release should reach the store. */
    leadTimeNewReleaseDays: p.integer(),
    /** Days before it is to show an update should reach the store. */
    leadTimeUpdateDays: p.integer(),
    /** published (the store's specification) or default (the platform's). */
    leadTimeSource: p.text(),
    /** The store's onboarding series (OnboardingStep values in order); null: it asks for none. */
    onboardingSeries: p.json<string[]>().columnType('jsonb').nullable(),
    createdAt: moment(),
    updatedAt: moment(),
  },
});

export type Dsp = InferEntity<typeof Dsp>;
