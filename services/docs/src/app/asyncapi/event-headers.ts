import { PubHeaders } from '@nats-io/jetstream';
import { NatsHeader } from '@sv/contracts';
import { z } from 'zod';

/** W3C Trace Context `traceparent`: version, trace id, parent id, flags. */
const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

/**
 * The NATS headers of an event message. Loose: JetStream and later publishers may add headers of
 * their own, which consumers ignore.
 */
export const EventHeaders = z.looseObject({
  [PubHeaders.MsgIdHdr]: z
    .uuid()
    .describe('The event id (the envelope `id`). JetStream drops a second publish of the same id within the duplicate window.'),
  [NatsHeader.requestId]: z
    .string()
    .optional()
    .describe('The request whose change recorded the event, when there was one: for following it through the logs.'),
  traceparent: z
    .string()
    .regex(TRACEPARENT)
    .optional()
    .describe('W3C Trace Context of the work that recorded the event, when the publisher carries one.'),
  tracestate: z.string().optional().describe('W3C Trace Context vendor state accompanying `traceparent`, when present.'),
});
