/** Milliseconds as an xs:duration: 225_500 → `PT3M45.5S`, 3_600_000 → `PT1H`, 0 → `PT0S`. */
export const isoDuration = (milliseconds: number): string => {
  const total = Math.max(0, Math.round(milliseconds));
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const millis = total % 60_000;
  const seconds = millis % 1000 === 0 ? String(millis / 1000) : (millis / 1000).toFixed(3).replace(/0+$/, '');
  let out = 'PT';
  if (hours > 0) out += `${hours}H`;
  if (minutes > 0) out += `${minutes}M`;
  if (millis > 0 || out === 'PT') out += `${seconds}S`;
  return out;
};
