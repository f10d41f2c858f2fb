import { Messages, RoyaltyOperation, StatementFactsBody } from '@sv/contracts';
import { ForbiddenError, ok, parseOrThrow, type OperationTable } from '@sv/platform';
import { statementFacts } from '../app/statements/statement-facts.ts';
import type { RoyaltiesContext } from '../royalties-context.ts';

/**
 * Internal, for analytics: a statement's matched lines summed. Only the platform itself (a system
 * actor acting for the statement's tenant) asks; no route reaches it.
 */
export const statementFactOperations = ({ orm }: RoyaltiesContext): OperationTable => ({
  [RoyaltyOperation.statementFacts]: async (request) => {
    if (request.principal.actor.type !== 'system') throw new ForbiddenError(Messages.forbidden, 'statement_facts.system_only');
    const body = parseOrThrow(StatementFactsBody, request.body ?? {});
    return ok(await statementFacts(orm.em.fork(), request.principal.tenant_id, body.statement_id));
  },
});
