import type { DeliveryAttemptResource } from '@sv/contracts';
import type { DeliveryAttempt } from '../../db/entities/delivery-attempt.entity.ts';

export const presentDeliveryAttempt = (attempt: DeliveryAttempt): DeliveryAttemptResource => ({
  uuid: attempt.id,
  event_id: attempt.eventId,
  event_type: attempt.eventType,
  attempt: attempt.attempt,
  status_code: attempt.statusCode ?? null,
  duration_ms: attempt.durationMs,
  error: attempt.error ?? null,
  response_excerpt: attempt.responseExcerpt ?? null,
  next_retry_at: attempt.nextRetryAt ? attempt.nextRetryAt.toISOString() : null,
  created_at: attempt.createdAt.toISOString(),
});
