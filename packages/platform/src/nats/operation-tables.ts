import { operationsOf, type RoutedService } from '@sv/contracts';
import type { OperationTable } from './rpc-server.ts';

/**
 * A service's whole operation table, from one table per feature. Spreading the tables by hand
 * let a later feature silently replace an earlier one's handler and let a route go unanswered
 * until a request for it arrived; here both fail at start-up: an operation handled twice, or a
 * route of the service's registry that no table answers.
 */
export const combineOperationTables = (service: RoutedService, tables: readonly OperationTable[]): OperationTable => {
  const combined: OperationTable = {};
  const handledTwice: string[] = [];
  for (const table of tables) {
    for (const [operation, handler] of Object.entries(table)) {
      if (Object.hasOwn(combined, operation)) handledTwice.push(operation);
      combined[operation] = handler;
    }
  }
  if (handledTwice.length > 0) {
    throw new Error(`${service}: more than one handler for ${[...new Set(handledTwice)].sort().join(', ')}`);
  }
  const unanswered = (operationsOf(service) as readonly string[]).filter((operation) => !Object.hasOwn(combined, operation));
  if (unanswered.length > 0) {
    throw new Error(`${service}: no handler for the routed operation(s) ${[...unanswered].sort().join(', ')}`);
  }
  return combined;
};
