import { BUS_IDENTITIES, BUS_ROLES } from '@sv/contracts';

/**
 * The bus identities permitted to publish an event: the services that own it. The permissions
 * give each event one owner; a list keeps a gap or an overlap visible instead of hiding it.
 */
export const publishersOf = (eventName: string): string[] =>
  BUS_IDENTITIES.filter((identity) => BUS_ROLES[identity].publishes.some((event) => event.name === eventName));
