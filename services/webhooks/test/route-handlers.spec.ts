import { describeRouteHandlers, untouchedContextMember } from '@sv/testing';
import type { WebhooksContext } from '../src/webhooks-context.ts';
import { webhooksOperations } from '../src/nats/operations.ts';

/*
 * The route registry and the webhooks service's operation table must agree: every webhooks route
 * has a handler, and every handler is a route's operation or one of the internal operations below.
 */

/** Operations the webhooks service answers for other services only: none, every handler is a route's. */
const INTERNAL_OPERATIONS: readonly string[] = [];

/** The table as the service builds it, from a context none of whose members is used. */
const handledOperations = (): string[] => {
  const context: WebhooksContext = {
    orm: untouchedContextMember('orm'),
    // webhookOperations copies these two settings into its use-cases' deps when it is built (a read:
    // nothing runs), so config is plain data here rather than an untouchable stand-in.
    config: { secretKey: 'unused', allowPrivateUrls: false } as WebhooksContext['config'],
    logger: untouchedContextMember('logger'),
    dsps: untouchedContextMember('dsps'),
  };
  return Object.keys(webhooksOperations(context));
};

describeRouteHandlers('webhooks', handledOperations, INTERNAL_OPERATIONS);
