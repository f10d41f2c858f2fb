import type { RightType, RightsRecordResource } from '@sv/contracts';
import type { RightsRecord } from '../../db/entities/rights-record.entity.ts';

/** A date column as YYYY-MM-DD, whether the driver hands back a string or a Date. */
const day = (value: unknown): string | null => {
  if (value == null) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
};

export const presentRightsRecord = (record: RightsRecord): RightsRecordResource => ({
  uuid: record.id,
  type: record.type as RightType,
  holder: record.holder,
  share: Number(record.share),
  territory_codes: record.territoryCodes,
  start_date: day(record.startDate),
  end_date: day(record.endDate),
  p_line: record.pLine ?? null,
  c_line: record.cLine ?? null,
});
