const FULL_DATE = /^(\d{4}-\d{2}-\d{2})(?:$|T|[+-]\d{2}:\d{2}$|Z$)/;

/** YYYY-MM-DD from an xs:date or xs:dateTime; undefined for partial dates (`2011`, `2011-05`) and anything else. */
export const fullDateOf = (text: string | undefined): string | undefined => (text === undefined ? undefined : FULL_DATE.exec(text)?.[1]);

/**
 * Whether a validity period that ends at `end` (a date, inclusive, or a date-time) is over at
 * `at` (the message's creation date-time). False when either cannot be read.
 */
export const hasEndedBy = (end: { date?: string; dateTime?: string }, at: string | undefined): boolean => {
  if (at === undefined) return false;
  if (end.dateTime !== undefined) {
    const endTime = Date.parse(end.dateTime);
    const atTime = Date.parse(at);
    return Number.isFinite(endTime) && Number.isFinite(atTime) && endTime <= atTime;
  }
  const endDate = fullDateOf(end.date);
  const atDate = fullDateOf(at);
  return endDate !== undefined && atDate !== undefined && endDate < atDate;
};
