import { z } from 'zod';

/**
 * The ERN versions the platform writes, for deliveries and previews: the versions the DDEX builder
 * writes and the DSP registry names (the builder's own list lives in @sv/ddex, which contracts does
 * not depend on).
 */
export const WRITTEN_ERN_VERSIONS = ['4.3', '4.2', '3.8.2'] as const;
export type WrittenErnVersion = (typeof WRITTEN_ERN_VERSIONS)[number];

/**
 * GET /releases/{uuid}/ddex/preview/{dsp_slug}.xml: the ERN version the store receives (its
 * registry entry's) unless `ern_version` names another version.
 */
export const DdexPreviewQuery = z.object({
  ern_version: z.enum(WRITTEN_ERN_VERSIONS, `The ern_version must be one of ${WRITTEN_ERN_VERSIONS.join(', ')}.`).optional(),
});
export type DdexPreviewQuery = z.infer<typeof DdexPreviewQuery>;
