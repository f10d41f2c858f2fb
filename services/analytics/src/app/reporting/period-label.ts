/** The days a period label covers, first and last inclusive, as YYYY-MM-DD. */
export interface PeriodSpan {
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;

const isoDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** The UTC midnight of a calendar day, or null when the day does not exist (2026-02-30). */
const dayTime = (year: number, month: number, day: number): number | null => {
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: the latter reads years 0-99 as 1900-1999.
  date.setUTCFullYear(year, month - 1, day);
  const exact = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exact ? date.getTime() : null;
};

/** Monday of ISO week 1: the week holding the year's first Thursday (the one holding 4 January). */
const isoWeekOneMonday = (year: number): number => {
  const fourth = dayTime(year, 1, 4)!;
  const weekday = new Date(fourth).getUTCDay() || 7;
  return fourth - (weekday - 1) * DAY_MS;
};

/** 53 when the year starts on a Thursday, or is a leap year starting on a Wednesday; else 52. */
export const isoWeeksInYear = (year: number): number => (isoWeekOneMonday(year + 1) - isoWeekOneMonday(year)) / (7 * DAY_MS);

const monthSpan = (year: number, firstMonth: number, months: number): PeriodSpan => {
  const start = dayTime(year, firstMonth, 1)!;
  // Day 0 of the month after the span is the span's last day.
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + months, 0);
  return { start: isoDay(start), end: isoDay(end.getTime()) };
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WEEK = /^(\d{4})-W(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;
const QUARTER = /^(\d{4})-Q([1-4])$/;

/**
 * A snapshot's period label (YYYY-MM-DD, ISO week YYYY-Www, YYYY-MM or YYYY-Qn) as the days it
 * covers; null when it is none of those or names a day, week or month the calendar does not have.
 */
export const parsePeriodLabel = (label: string): PeriodSpan | null => {
  const text = label.trim().toUpperCase();
  let match = DAY.exec(text);
  if (match) {
    const time = dayTime(Number(match[1]), Number(match[2]), Number(match[3]));
    return time === null ? null : { start: isoDay(time), end: isoDay(time) };
  }
  match = WEEK.exec(text);
  if (match) {
    const year = Number(match[1]);
    const week = Number(match[2]);
    if (week < 1 || week > isoWeeksInYear(year)) return null;
    const monday = isoWeekOneMonday(year) + (week - 1) * 7 * DAY_MS;
    return { start: isoDay(monday), end: isoDay(monday + 6 * DAY_MS) };
  }
  match = MONTH.exec(text);
  if (match) {
    const month = Number(match[2]);
    return month >= 1 && month <= 12 ? monthSpan(Number(match[1]), month, 1) : null;
  }
  match = QUARTER.exec(text);
  if (match) return monthSpan(Number(match[1]), (Number(match[2]) - 1) * 3 + 1, 3);
  return null;
};
