import type { SendDeps } from '../app/queue/send-delivery.ts';
import type { DeliveryContext } from '../delivery-context.ts';

/** The sandbox marks every message as a test; production sends live messages. */
export const sendDepsOf = (context: DeliveryContext): SendDeps => ({
  blobs: context.blobs,
  catalogue: context.catalogue,
  supplyChain: context.supplyChain,
  parties: context.parties,
  validators: context.validators,
  openSession: context.openSession,
  retry: context.config.retry,
  sender: context.config.party,
  control: context.config.env === 'sandbox' ? 'TestMessage' : 'LiveMessage',
  logger: context.logger,
});
