import { z } from 'zod';

/** Operations supply-chain answers on its api subject. */
export const SupplyChainOperation = {
  dsps: 'catalogues.dsps',
  territories: 'catalogues.territories',
  releaseDspsAdd: 'release_dsps.add',
  releaseDspsReplace: 'release_dsps.replace',
  releaseDspsRemove: 'release_dsps.remove',
  releaseDspsOverride: 'release_dsps.override',
  /**
   * Internal: a release's store selection as it stands now. The catalogue asks at the moment of
   * submit, so the gate never reads a stale copy. Params: { uuid }. Reply body: StoreSelectionReply.
   */
  releaseDspsSelection: 'release_dsps.selection',
} as const;

export const DSP_STATUSES = ['pending', 'submitted'] as const;

/** One entry of a release's store selection, as the API shows it. */
export const ReleaseDsp = z.object({
  dsp_id: z.number().int().positive(),
  dsp_name: z.string(),
  slug: z.string(),
  status: z.string(),
  is_blocked: z.boolean(),
});
export type ReleaseDsp = z.infer<typeof ReleaseDsp>;

export const StoreSelectionReply = z.object({ dsps: z.array(ReleaseDsp) });
export type StoreSelectionReply = z.infer<typeof StoreSelectionReply>;

/** A destination of the DSP registry, as GET /supply-chain/dsps shows it. */
export const DspResource = z.object({
  dsp_id: z.number().int().positive(),
  slug: z.string(),
  name: z.string(),
  delivery_method: z.string(),
  ern_version: z.string(),
  certification_level: z.string(),
  logo_url: z.string(),
  website_url: z.string(),
  delivery_type: z.string(),
  is_active: z.boolean(),
});
export type DspResource = z.infer<typeof DspResource>;
