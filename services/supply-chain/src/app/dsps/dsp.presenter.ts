import { OnboardingStep, type DspResource } from '@sv/contracts';
import type { Dsp } from '../../db/entities/dsp.entity.ts';

/** The destination as GET /supply-chain/dsps shows it; a published logo lives on this deployment's CDN, none is null. */
export const presentDsp = (dsp: Dsp, cdnUrl: string): DspResource => ({
  dsp_id: dsp.id,
  slug: dsp.slug,
  name: dsp.name,
  delivery_method: dsp.deliveryMethod,
  ern_version: dsp.ernVersion,
  certification_level: dsp.certificationLevel,
  ddex_party_id: dsp.ddexPartyId ?? '',
  logo_url: dsp.logoPath ? `${cdnUrl}/${dsp.logoPath}` : null,
  website_url: dsp.websiteUrl,
  delivery_type: dsp.deliveryType,
  is_active: dsp.isActive,
  lead_time_days: { new_release: dsp.leadTimeNewReleaseDays, update: dsp.leadTimeUpdateDays },
  lead_time_source: dsp.leadTimeSource === 'published' ? 'published' : 'default',
  // Stored by the registry sync from typed data; a value this version does not know is left out.
  onboarding_series: dsp.onboardingSeries ? dsp.onboardingSeries.filter((step) => OnboardingStep.safeParse(step).success) as OnboardingStep[] : null,
});
