/** How long a withdrawal is expected to take to arrive. */
export const WITHDRAWAL_BUSINESS_DAYS = 3;

/** The UTC date `days` business days (Monday to Friday; no holiday calendar) after `from`, as YYYY-MM-DD. */
export const addBusinessDays = (from: Date, days: number): string => {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return date.toISOString().slice(0, 10);
};
