/** The spec's rate-limit categories: requests per minute per access token. */
export const RATE_LIMITS = {
  general: 120,
  audio_upload: 10,
  distribution: 30,
  analytics: 60,
  auth: 5,
  ingestion_bulk: 30,
} as const;

export type RateCategory = keyof typeof RATE_LIMITS;

export const RATE_WINDOW_SECONDS = 60;
