import { createHmac } from 'node:crypto';

/**
 * The X-Service-Signature value: `t=<unix seconds>,v1=<lowercase hex HMAC-SHA256>` over
 * `<t>.<raw body>` with the subscription's secret (spec, Events: Signature).
 */
export const signatureHeader = (secret: string, unixSeconds: number, rawBody: string): string =>
  `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex')}`;
