import { API_REVISION, EVENT_CATALOGUE, type EventDefinition } from '@sv/contracts';
import type { z } from 'zod';
import type { AsyncApiDocument, Channel, Operation, SchemaObject } from './asyncapi-types.ts';
import { BUS_SECURITY_SCHEME, DEFAULT_BUS_ENVIRONMENTS, busSecurityScheme, busServer, environmentStream, type BusEnvironment } from './bus-servers.ts';
import { deliveryGuarantees } from './delivery-guarantees.ts';
import { channelAddress, channelParameters, eventKey } from './event-address.ts';
import { eventMessage } from './event-message.ts';
import { publishersOf } from './event-publisher.ts';

export interface AsyncApiDocumentOptions {
  /** The environments described, each a server and a value of the `env` parameter. Default: production and sandbox. */
  environments?: readonly BusEnvironment[];
  /** The events described. Default: every event of the contracts. */
  events?: readonly EventDefinition<z.ZodType>[];
}

interface EventEntry {
  key: string;
  channel: Channel;
  operation: Operation;
  definitions: Record<string, SchemaObject>;
}

const describeEvent = (event: EventDefinition<z.ZodType>, environments: readonly BusEnvironment[]): EventEntry => {
  const key = eventKey(event.name);
  const { message, definitions } = eventMessage(event);
  const publishers = publishersOf(event.name);
  const streams = environments.map(({ name }) => `\`${environmentStream(name)}\` (${name})`).join(', ');
  const channel: Channel = {
    address: channelAddress(event.name),
    title: event.name,
    description: `\`${event.name}\` events, stored in the environment's stream: ${streams}.`,
    parameters: channelParameters(
      event.name,
      environments.map(({ name }) => name),
    ),
    messages: { [key]: message },
    'x-event-type': event.name,
  };
  const operation: Operation = {
    action: 'receive',
    channel: { $ref: `#/channels/${key}` },
    messages: [{ $ref: `#/channels/${key}/messages/${key}` }],
    title: `Receive ${event.name}`,
    summary: `Consume \`${event.name}\` events${publishers.length > 0 ? `, published by ${publishers.join(', ')}` : ''}.`,
    description: 'Through a durable JetStream consumer filtered to the channel address; acknowledge after your own commit.',
    // Only when the permissions name exactly one owner; the tests require that of every event.
    ...(publishers.length === 1 ? { 'x-publisher': publishers[0] } : {}),
  };
  return { key, channel, operation, definitions };
};

/**
 * The AsyncAPI 3.0 description of the event subjects, generated from the contracts: one channel
 * per event, so an event added to the catalogue appears without touching this file.
 */
export const buildAsyncApiDocument = (options: AsyncApiDocumentOptions = {}): AsyncApiDocument => {
  const environments = options.environments ?? DEFAULT_BUS_ENVIRONMENTS;
  const entries = (options.events ?? EVENT_CATALOGUE).map((event) => describeEvent(event, environments));
  return {
    asyncapi: '3.0.0',
    info: { title: 'Platform events', version: API_REVISION, description: deliveryGuarantees() },
    defaultContentType: 'application/json',
    servers: Object.fromEntries(environments.map((environment) => [environment.name, busServer(environment)])),
    channels: Object.fromEntries(entries.map(({ key, channel }) => [key, channel])),
    operations: Object.fromEntries(entries.map(({ key, operation }) => [`receive.${key}`, operation])),
    components: { schemas: Object.assign({}, ...entries.map(({ definitions }) => definitions)), securitySchemes: { [BUS_SECURITY_SCHEME]: busSecurityScheme() } },
  };
};
