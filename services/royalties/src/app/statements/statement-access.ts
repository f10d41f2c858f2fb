import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { RoyaltyStatement } from '../../db/entities/royalty-statement.entity.ts';
import { StatementNotFoundError } from './statements.errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tenant's statement, or 404; with `lock`, held for update until the caller's transaction ends. */
export const findStatement = async (
  em: EntityManager,
  tenantId: string,
  statementId: string,
  options: { lock?: boolean } = {},
): Promise<RoyaltyStatement> => {
  if (!UUID.test(statementId)) throw new StatementNotFoundError();
  const statement = await em.findOne(
    RoyaltyStatement,
    { id: statementId, tenantId },
    options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {},
  );
  if (!statement) throw new StatementNotFoundError();
  return statement;
};

/**
 * Runs `change` in one transaction on the statement locked for update, so two transitions of one
 * statement never interleave: the second sees the first's status.
 */
export const changeStatement = <T>(
  em: EntityManager,
  tenantId: string,
  statementId: string,
  change: (tx: EntityManager, statement: RoyaltyStatement) => Promise<T>,
): Promise<T> => em.transactional(async (tx) => change(tx, await findStatement(tx, tenantId, statementId, { lock: true })));
