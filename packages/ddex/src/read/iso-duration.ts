/** `PT3M45S`, `PT1H2M3.5S`, `P0DT0H4M0S`: ISO 8601 durations as xs:duration writes them (no years or months). */
const DURATION = /^P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** The duration in seconds; undefined for anything else (or a duration in years or months, which has no fixed length). */
export const secondsOfIsoDuration = (text: string | undefined): number | undefined => {
  if (text === undefined || text === 'P' || text.endsWith('T')) return undefined;
  const match = DURATION.exec(text);
  if (match === null) return undefined;
  const [, days = '0', hours = '0', minutes = '0', seconds = '0'] = match;
  const total = Number(days) * 86_400 + Number(hours) * 3_600 + Number(minutes) * 60 + Number(seconds);
  return Number.isFinite(total) ? Math.round(total * 1000) / 1000 : undefined;
};
