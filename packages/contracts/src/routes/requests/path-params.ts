import { z } from 'zod';
import { LocaleParam } from '../../localizations.ts';
import { Messages } from '../../messages.ts';

/*
 * Path parameters. A value that does not parse names no record: the route answers 404, not 422
 * (a malformed uuid is "not found", like another tenant's record). A locale is the exception: it
 * is checked and made canonical, and a malformed one is 422 on `locale`.
 */

const recordUuid = z.uuid();
/** A DSP slug (lowercase letters, digits, underscores); removal also takes a numeric DSP id. */
const dspSlug = z.string().min(1).max(100);
/** `apple_motion_square`, `apple_motion_portrait`, `spotify_canvas`, or an accepted spelling of one. */
const animatedAssetType = z.string().min(1).max(64);

export const UuidParams = z.object({ uuid: recordUuid });
export const StatementIdParams = z.object({ id: z.string().min(1).max(64) });
export const ReleaseDspParams = z.object({ uuid: recordUuid, slug: dspSlug });
export const LocaleParams = z.object({ uuid: recordUuid, locale: LocaleParam });
export const AnimatedAssetParams = z.object({ uuid: recordUuid, asset_type: animatedAssetType });

/** GET /releases/{uuid}/ddex/preview/{dsp_slug}.xml: the file name is the store's slug and `.xml`. */
export const DdexPreviewParams = z.object({
  uuid: recordUuid,
  file: z.string().regex(/^[A-Za-z0-9_]+\.xml$/, Messages.previewFileName),
});
