import { deriveSealingKey } from '@sv/platform';

/** The key that seals stored idempotent responses (they may carry a webhook secret), from the gateway's token secret. */
export const idempotencySealingKey = (tokenSecret: string): Buffer => deriveSealingKey(tokenSecret, 'idempotency-stored-response', 'sv-gateway');

