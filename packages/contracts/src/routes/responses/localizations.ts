import { z } from 'zod';
import type { ReleaseLocalizationResource, TrackLocalizationResource } from '../../localizations.ts';

export const ReleaseLocalizationResourceSchema = z.object({
  locale: z.string(),
  title: z.string().nullable(),
  title_version: z.string().nullable(),
  label: z.string().nullable(),
  description: z.string().nullable(),
}) satisfies z.ZodType<ReleaseLocalizationResource>;

export const TrackLocalizationResourceSchema = z.object({
  locale: z.string(),
  title: z.string().nullable(),
  title_version: z.string().nullable(),
  lyrics: z.string().nullable(),
}) satisfies z.ZodType<TrackLocalizationResource>;

/** By locale. */
export const ReleaseLocalizationListReply = z.object({ localizations: z.array(ReleaseLocalizationResourceSchema) });
export const ReleaseLocalizationReply = z.object({ localization: ReleaseLocalizationResourceSchema });
export const TrackLocalizationListReply = z.object({ localizations: z.array(TrackLocalizationResourceSchema) });
export const TrackLocalizationReply = z.object({ localization: TrackLocalizationResourceSchema });
