export interface RetrySettings {
  baseMs: number;
  capMs: number;
  maxAttempts: number;
}

/** Exponential backoff with full jitter: attempt n waits up to base·2^(n-1), capped. */
export const retryDelayMs = (settings: RetrySettings, attempt: number, random: () => number = Math.random): number => {
  const ceiling = Math.min(settings.capMs, settings.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(settings.baseMs / 2 + random() * Math.max(0, ceiling - settings.baseMs / 2));
};
