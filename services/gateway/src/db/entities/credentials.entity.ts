import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A one-time code mailed to a user (email verification). Only a peppered digest is stored; a
 * code is dead once used, revoked (a newer one was issued) or tried too many times.
 */
export const OneTimeCode = defineEntity({
  name: 'OneTimeCode',
  tableName: 'one_time_code',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    tenantId: p.uuid(),
    purpose: p.text(),
    codeDigest: p.text().hidden(),
    attempts: p.integer(),
    createdAt: p.datetime().columnType('timestamptz'),
    expiresAt: p.datetime().columnType('timestamptz'),
    usedAt: p.datetime().columnType('timestamptz').nullable(),
    revokedAt: p.datetime().columnType('timestamptz').nullable(),
  },
});
export type OneTimeCode = InferEntity<typeof OneTimeCode>;

/** A password-reset token; only its peppered digest is stored, and it works once. */
export const PasswordResetToken = defineEntity({
  name: 'PasswordResetToken',
  tableName: 'password_reset_token',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    tenantId: p.uuid(),
    tokenDigest: p.text().hidden(),
    createdAt: p.datetime().columnType('timestamptz'),
    expiresAt: p.datetime().columnType('timestamptz'),
    usedAt: p.datetime().columnType('timestamptz').nullable(),
    revokedAt: p.datetime().columnType('timestamptz').nullable(),
  },
});
export type PasswordResetToken = InferEntity<typeof PasswordResetToken>;

/**
 * A mail waiting for the relay, written in the transaction that decided to send it. The body is
 * sealed (AES-256-GCM) because it may carry a code or token, and cleared once the mail is sent.
 */
export const MailOutbox = defineEntity({
  name: 'MailOutbox',
  tableName: 'mail_outbox',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid().nullable(),
    recipient: p.text(),
    subject: p.text(),
    sealedBody: p.text().nullable().hidden(),
    createdAt: p.datetime().columnType('timestamptz'),
    /** Not sent after this instant (a code that expired is not worth mailing). */
    discardAfter: p.datetime().columnType('timestamptz').nullable(),
    /** The relay's work queue: `pending` until `sent`, or `failed` (it can never go) or `dead` (attempts spent). */
    state: p.text().$type<MailState>(),
    attempts: p.integer(),
    nextAttemptAt: p.datetime().columnType('timestamptz'),
    /** Until when a relay holds the mail (it is being sent); the queue's lease, on the database clock. */
    leaseUntil: p.datetime().columnType('timestamptz').nullable(),
    lastError: p.text().nullable(),
    sentAt: p.datetime().columnType('timestamptz').nullable(),
    failedAt: p.datetime().columnType('timestamptz').nullable(),
  },
});
export type MailState = 'pending' | 'sent' | 'failed' | 'dead';
export type MailOutbox = InferEntity<typeof MailOutbox>;
