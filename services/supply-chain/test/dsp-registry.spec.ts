import { DSP_SLUG_PATTERN, DspDeliveryType } from '@sv/contracts';
import { monetizationPolicyByCode } from '../src/app/catalogues/monetization-policies.ts';
import { pricingTierByCode } from '../src/app/catalogues/pricing-tiers.ts';
import { DSP_REGISTRY, REGISTRY_VERSION } from '../src/app/dsps/registry/dsp-registry.ts';

/* The registry data itself: what the spec promises (55 active destinations) and what the sync relies on. */

const isHttpsUrl = (value: string): boolean => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

describe('the DSP registry', () => {
  it('has a positive integer version, raised past the first (which had no DDEX party ids or default deals)', () => {
    expect(Number.isInteger(REGISTRY_VERSION) && REGISTRY_VERSION >= 2).toBe(true);
  });

  it('holds exactly 55 active destinations, and retired ones only as inactive', () => {
    expect(DSP_REGISTRY.filter((dsp) => dsp.is_active)).toHaveLength(55);
    expect(DSP_REGISTRY.filter((dsp) => !dsp.is_active).map((dsp) => dsp.slug)).toEqual(['google_play_music', 'resso']);
  });

  it('gives every destination a unique positive integer id, a unique slug and a unique name', () => {
    const ids = DSP_REGISTRY.map((dsp) => dsp.dsp_id);
    expect(ids.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
    expect(new Set(ids).size).toBe(DSP_REGISTRY.length);
    expect(new Set(DSP_REGISTRY.map((dsp) => dsp.slug)).size).toBe(DSP_REGISTRY.length);
    expect(new Set(DSP_REGISTRY.map((dsp) => dsp.name.toLowerCase())).size).toBe(DSP_REGISTRY.length);
  });

  it('uses slugs of lowercase letters, digits and underscores', () => {
    const bad = DSP_REGISTRY.filter((dsp) => !DSP_SLUG_PATTERN.test(dsp.slug)).map((dsp) => dsp.slug);
    expect(bad).toEqual([]);
  });

  it('names the real stores the spec and the webhooks list rely on', () => {
    const slugs = new Set(DSP_REGISTRY.filter((dsp) => dsp.is_active).map((dsp) => dsp.slug));
    for (const slug of ['spotify', 'apple_music', 'amazon_music', 'youtube_music', 'deezer', 'tidal', 'tiktok', 'audiomack', 'soundcloud']) {
      expect(slugs.has(slug)).toBe(true);
    }
  });

  it('fills every field with a known value and an https website', () => {
    for (const dsp of DSP_REGISTRY) {
      expect(dsp.name.trim()).toBe(dsp.name);
      expect(dsp.name.length).toBeGreaterThan(0);
      expect(['sftp', 's3', 'api', 'aspera']).toContain(dsp.delivery_method);
      expect(['4.3', '4.2', '3.8.2']).toContain(dsp.ern_version);
      expect(['ddex_certified', 'preferred', 'standard']).toContain(dsp.certification_level);
      expect(DspDeliveryType.safeParse(dsp.delivery_type).success).toBe(true);
      expect(isHttpsUrl(dsp.website_url)).toBe(true);
    }
  });

  it('mostly delivers audio only, with a few audio and video destinations', () => {
    const video = DSP_REGISTRY.filter((dsp) => dsp.is_active && dsp.delivery_type === 'audio_video').map((dsp) => dsp.slug);
    expect(video.sort()).toEqual(['apple_music', 'tidal', 'youtube_content_id', 'youtube_music']);
  });

  it('names no logo the deployment has not published (the repository ships no store artwork)', () => {
    expect(DSP_REGISTRY.filter((dsp) => dsp.logo_path !== null).map((dsp) => dsp.slug)).toEqual([]);
  });

  it('gives every destination a unique DDEX party id of the DPID format', () => {
    const ids = DSP_REGISTRY.map((dsp) => dsp.ddex_party_id);
    expect(ids.filter((id) => !/^PADPIDA[A-Za-z0-9]{11}$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(DSP_REGISTRY.length);
  });

  it('gives every destination default deals and a pricing tier from the catalogues', () => {
    for (const dsp of DSP_REGISTRY) {
      expect(dsp.default_monetization_policy_codes.length).toBeGreaterThan(0);
      expect(dsp.default_monetization_policy_codes.filter((code) => !monetizationPolicyByCode(code))).toEqual([]);
      expect(pricingTierByCode(dsp.default_pricing_tier_code)).toBeDefined();
    }
  });

  it('sends streaming stores streams, download stores downloads and UGC platforms claims by default', () => {
    const defaults = new Map(DSP_REGISTRY.map((dsp) => [dsp.slug, dsp.default_monetization_policy_codes]));
    expect(defaults.get('spotify')).toEqual(['subscription_streaming', 'ad_supported_streaming']);
    expect(defaults.get('deezer')).toEqual(['subscription_streaming', 'ad_supported_streaming']);
    expect(defaults.get('itunes')).toEqual(['permanent_download']);
    expect(defaults.get('beatport')).toEqual(['permanent_download']);
    for (const slug of ['tiktok', 'youtube_content_id', 'meta']) expect(defaults.get(slug)).toEqual(['user_generated_content']);
    expect(defaults.get('pandora')).toEqual(['non_interactive_streaming']);
    expect(defaults.get('amazon_music')).toContain('permanent_download');
  });
});
