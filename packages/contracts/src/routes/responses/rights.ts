import { z } from 'zod';
import { RightType, type RightsRecordResource } from '../../rights.ts';

export const RightsRecordResourceSchema = z.object({
  uuid: z.uuid(),
  type: RightType,
  holder: z.string(),
  share: z.number(),
  /** Empty: worldwide. */
  territory_codes: z.array(z.string()),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  p_line: z.string().nullable(),
  c_line: z.string().nullable(),
}) satisfies z.ZodType<RightsRecordResource>;

/** A release's or a track's rights records, in the order stored. */
export const RightsReply = z.object({ rights: z.array(RightsRecordResourceSchema) });
