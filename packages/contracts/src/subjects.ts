/**
 * NATS subject names. `prefix` is `sv.<env>` in a deployment; tests use a unique prefix per run
 * so that runs sharing one NATS server never see each other's traffic.
 */
export const SERVICES = [
  'gateway',
  'catalogue',
  'ingestion',
  'supply-chain',
  'delivery',
  'webhooks',
  'royalties',
  'analytics',
  'mcp',
] as const;
export type ServiceName = (typeof SERVICES)[number];

export const subjectPrefix = (env: string): string => `sv.${env}`;

/** Request/reply subject a service answers in its queue group. */
export const apiSubject = (prefix: string, service: ServiceName): string => `${prefix}.api.${service}`;

/** JetStream subject of one event. */
export const eventSubject = (prefix: string, eventName: string): string => `${prefix}.events.${eventName}`;

/** Wildcard covering every event of a prefix (the stream's subject filter). */
export const allEventsSubject = (prefix: string): string => `${prefix}.events.>`;

/** The JetStream stream holding a prefix's events: one per environment. */
export const eventStreamName = (prefix: string): string =>
  `${prefix.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase()}_EVENTS`;

/** Queue group every replica of a service joins, so one replica answers each request. */
export const queueGroup = (service: ServiceName): string => `svc-${service}`;
