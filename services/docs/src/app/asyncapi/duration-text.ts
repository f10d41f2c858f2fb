const UNITS: readonly [name: string, ms: number][] = [
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
  ['second', 1000],
];

/** A duration in words, in the largest unit it is a whole number of (`600000` → `10 minutes`). */
export const durationText = (ms: number): string => {
  const [name, size] = UNITS.find(([, unit]) => ms % unit === 0 && ms >= unit) ?? ['millisecond', 1];
  const count = ms / size;
  return `${count} ${name}${count === 1 ? '' : 's'}`;
};
