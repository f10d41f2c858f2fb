/*
 * The parts of an AsyncAPI 3.0 document this service writes, typed only as far as the builders
 * need: schemas are AsyncAPI schema objects (a superset of JSON Schema draft-07) and stay open.
 */

export type SchemaObject = { [keyword: string]: unknown };

export interface Reference {
  $ref: string;
}

/** Specification extensions (`x-publisher`, `x-jetstream-stream`, …). */
export type Extensions = { [extension: `x-${string}`]: unknown };

export interface Server extends Extensions {
  host: string;
  protocol: 'nats';
  title: string;
  description: string;
  security?: Reference[];
}

/** A security scheme of components.securitySchemes (AsyncAPI 3.0 names no NATS nkey type; the description does). */
export interface SecurityScheme extends Extensions {
  type: 'asymmetricEncryption';
  description: string;
}

export interface ChannelParameter {
  description: string;
  enum?: string[];
}

export interface Message extends Extensions {
  name: string;
  title: string;
  contentType: 'application/json';
  headers: SchemaObject;
  payload: SchemaObject;
  correlationId: { description: string; location: string };
}

export interface Channel extends Extensions {
  address: string;
  title: string;
  description: string;
  parameters: Record<string, ChannelParameter>;
  messages: Record<string, Message>;
}

export interface Operation extends Extensions {
  action: 'receive';
  channel: Reference;
  messages: Reference[];
  title: string;
  summary: string;
  description: string;
}

export interface AsyncApiDocument {
  asyncapi: '3.0.0';
  info: { title: string; version: string; description: string };
  defaultContentType: 'application/json';
  servers: Record<string, Server>;
  channels: Record<string, Channel>;
  operations: Record<string, Operation>;
  components: { schemas: Record<string, SchemaObject>; securitySchemes: Record<string, SecurityScheme> };
}
