/** The spec's rate-limit categories live with the route registry; the gateway counts them. */
export { RATE_LIMITS, RATE_WINDOW_SECONDS, type RateCategory } from '@sv/contracts';
