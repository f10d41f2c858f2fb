/** Small helpers the benchmarks share: flags, medians, progress lines. */

/** An integer flag within bounds, or an error that shows the usage line. */
export const integerFlag = (name: string, raw: string, min: number, max: number, usage: string): number => {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`--${name} must be an integer from ${min} to ${max}\n${usage}`);
  return value;
};

export const median = (samples: number[]): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
};

export const round = (value: number, digits = 3): number => Number(value.toFixed(digits));

/** Progress goes to stderr, so stdout carries only the figures. */
export const progress = (message: string): void => {
  process.stderr.write(`bench: ${message}\n`);
};
