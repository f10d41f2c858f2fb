import { PubHeaders } from '@nats-io/jetstream';
import { EventEnvelope, NatsHeader, type EventDefinition } from '@sv/contracts';
import { z } from 'zod';
import type { Message, SchemaObject } from './asyncapi-types.ts';
import { eventKey, isWildcard } from './event-address.ts';
import { EventHeaders } from './event-headers.ts';
import { toSchemaObject } from './schema-objects.ts';

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The envelope's `type` on this channel: the name itself, or any name its wildcards match. */
const eventType = (eventName: string): z.ZodType => {
  const tokens = eventName.split('.');
  if (!tokens.some(isWildcard)) return z.literal(eventName);
  const pattern = tokens
    .map((token) => (token === '*' ? '[^.]+' : token === '>' ? '.+' : escapeRegex(token)))
    .join('\\.');
  return z.string().regex(new RegExp(`^${pattern}$`));
};

/** The envelope every event travels in, its `data` narrowed to this event's payload. */
const envelopeOf = (event: EventDefinition<z.ZodType>): z.ZodType =>
  EventEnvelope.extend({
    id: EventEnvelope.shape.id.describe(`The event id: unique, and the \`${PubHeaders.MsgIdHdr}\` header. Key your de-duplication on it.`),
    type: eventType(event.name).describe('The event type.'),
    data: event.data.description ? event.data : event.data.describe(`The payload of \`${event.name}\`.`),
  });

/** The message of one event's channel, and the schema definitions it refers to. */
export const eventMessage = (event: EventDefinition<z.ZodType>): { message: Message; definitions: Record<string, SchemaObject> } => {
  const key = eventKey(event.name);
  const payload = toSchemaObject(envelopeOf(event), key);
  const headers = toSchemaObject(EventHeaders, `${key}.headers`);
  return {
    message: {
      name: event.name,
      title: event.name,
      contentType: 'application/json',
      headers: headers.schema,
      payload: payload.schema,
      correlationId: {
        description: 'The request that caused the event, when there was one.',
        location: `$message.header#/${NatsHeader.requestId}`,
      },
    },
    definitions: { ...headers.definitions, ...payload.definitions },
  };
};
