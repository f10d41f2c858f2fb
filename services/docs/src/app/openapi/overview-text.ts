import { API_REVISION, API_VERSION, RATE_LIMITS, UPLOAD_MAX_MEGABYTES, WEBHOOK_ACTIVE_LIMIT } from '@sv/contracts';

const rateTable = Object.entries(RATE_LIMITS)
  .map(([category, perMinute]) => `| \`${category}\` | ${perMinute} |`)
  .join('\n');

const uploadCaps = Object.entries(UPLOAD_MAX_MEGABYTES)
  .map(([kind, megabytes]) => `${kind} ${megabytes} MB`)
  .join(', ');

/** info.description: the spec's general rules, which apply to every operation below. */
export const OVERVIEW = `
Catalogue, delivery to stores, webhooks, royalties and analytics for labels, artists and white-label partners.

## Environments

Production and sandbox are separate deployments with their own data, tokens and API keys; a token of one is invalid in the other.
Every sandbox response carries \`X-Service-Env: api-sandbox\`. The sandbox builds DDEX deliveries but sends nothing to a store and moves no money; webhooks fire for real.

## Authentication

Send \`Authorization: Bearer <token>\` on every request except the ones marked as needing no token. Two kinds of token are accepted:
an API key (\`svk_…\`, server to server) or the access token of an interactive session from \`POST /auth/login\`.
The refresh token rides in the httpOnly cookie \`sv_refresh_token\`; \`POST /auth/refresh\` rotates it.

## Versioning

The major version is in the path: the servers below end in \`/${API_VERSION}\`, and the same paths without it are served identically (same rate-limit buckets, same idempotency keys).
\`X-API-Version: ${API_VERSION}\` may be sent instead; when both are given, the path wins. An unsupported version is 404 in the path and 400 in the header.
Every response carries \`X-API-Version\` and \`X-Service-API-Revision\` (currently \`${API_REVISION}\`, the version of this description).
Non-breaking changes (new endpoints, fields, optional parameters, enum values) ship without notice: ignore unknown fields and tolerate unknown enum values.

## Rate limits

Per access token, per one-minute window. Every response carries \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\`; a 429 adds \`Retry-After\`.
Each operation names its category in \`x-rate-limit-category\`.

| category | requests per minute |
|---|---|
${rateTable}

## Pagination

Lists take two modes. Offset (the default): \`page\` and \`per_page\`, answered with \`meta\` {mode: offset, total, per_page, current_page, last_page}.
Cursor: \`cursor\` (opaque; empty, or \`mode=cursor\`, to start) with \`per_page\`, answered with \`meta\` {mode: cursor, per_page, next_cursor, has_more}; walk until has_more is false.
\`per_page\` is 1 to 100. While another page exists a \`Link\` header with rel=next points at it. Cursors do not expire.

## Idempotency

POST, PUT and PATCH on state-changing routes honour \`Idempotency-Key\` (at most 255 characters, per tenant, 24 hours): the same key and body return the stored answer
with \`X-Service-Idempotent-Replay: true\`; the same key with another body is 422; a request still in progress with the key is 409.

## Errors

\`{success: false, error, errors}\`: \`errors\` maps field paths to messages on 422. Every error carries \`X-Request-Id\`; a 500 adds a \`reference\` to quote to support.
A route its service does not serve yet answers 503 and is marked \`x-status: not-built\` here.

## Uploads

Files go as multipart/form-data (some routes also take the file as the raw body). Ceilings: ${uploadCaps}; larger is 413, a type not allowed is 415.

## Webhooks

Subscriptions (at most ${WEBHOOK_ACTIVE_LIMIT} active per tenant) name events or patterns (\`*\` is one dot-separated segment: \`release.dsp.*.live\`, \`ingestion.*\`), checked against \`GET /webhooks/event-types\`.
Each delivery is a signed JSON POST (\`X-Service-Signature: t=<unix>,v1=<hex>\`, HMAC-SHA256 over \`<t>.<raw body>\`), retried with exponential backoff for 24 hours.
The envelope and each event's payload are listed under Webhooks.
`.trim();
