import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '@sv/platform';
import type { DspSlugsPort } from './app/event-types/ports.ts';
import type { WebhooksConfig } from './config.ts';

/** What the webhooks service's adapters hand to its use-cases: the ORM, config and ports to other services. */
export interface WebhooksContext {
  orm: MikroORM;
  config: WebhooksConfig;
  logger: Logger;
  dsps: DspSlugsPort;
}
