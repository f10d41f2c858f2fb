/** A run of whole days, both ends included, written YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * A range as month rollups and day rollups read it: `months` runs from the first day of the first
 * whole calendar month inside the range to the first day of the last one (null when no month is
 * whole), `days` holds the days before and after those months (the whole range when there is none).
 * The edge ranges stay separate so each is one index range scan.
 */
export interface MonthSplit {
  months: DayRange | null;
  days: DayRange[];
}

const DAY_MS = 86_400_000;

const timeOf = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const dayOf = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** The first day of the month `offset` months after the one holding `time`. */
const monthStart = (time: number, offset = 0): number => {
  const date = new Date(time);
  const start = new Date(0);
  // setUTCFullYear, not Date.UTC: the latter reads years 0-99 as 1900-1999.
  start.setUTCFullYear(date.getUTCFullYear(), date.getUTCMonth() + offset, 1);
  return start.getTime();
};

export const splitByMonths = (from: string, to: string): MonthSplit => {
  const first = timeOf(from);
  const last = timeOf(to);
  const wholeFrom = monthStart(first) === first ? first : monthStart(first, 1);
  // The whole months end where the month after `to` starts when `to` is a month's last day, else where `to`'s month starts.
  const wholeEnd = monthStart(last + DAY_MS);
  if (wholeFrom >= wholeEnd) return { months: null, days: [{ from, to }] };
  const days: DayRange[] = [];
  if (first < wholeFrom) days.push({ from, to: dayOf(wholeFrom - DAY_MS) });
  if (wholeEnd <= last) days.push({ from: dayOf(wholeEnd), to });
  return { months: { from: dayOf(wholeFrom), to: dayOf(monthStart(wholeEnd, -1)) }, days };
};
