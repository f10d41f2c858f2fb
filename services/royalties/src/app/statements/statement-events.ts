import type { EntityManager } from '@mikro-orm/postgresql';
import { RoyaltyEvents } from '@sv/contracts';
import { recordEvent } from '@sv/platform';
import type { RoyaltyStatement } from '../../db/entities/royalty-statement.entity.ts';
import { centsToUsd, MICROS_SCALE, minorToDecimal } from '../ledger/money.ts';

const ref = (statement: RoyaltyStatement) => ({ statement_id: statement.id, period: statement.period, currency: statement.currency });

/** The statement's lifecycle events, recorded in the transaction of the change (outbox). */
export const recordStatementCreated = (em: EntityManager, statement: RoyaltyStatement): void => {
  recordEvent(em, RoyaltyEvents.statementCreated, statement.tenantId, { ...ref(statement), filename: statement.filename ?? null });
};

export const recordStatementCompleted = (em: EntityManager, statement: RoyaltyStatement): void => {
  recordEvent(em, RoyaltyEvents.statementCompleted, statement.tenantId, {
    ...ref(statement),
    total_revenue: minorToDecimal(statement.totalMicros, MICROS_SCALE),
    line_count: statement.lineCount,
    unmatched_count: statement.unmatchedCount,
  });
};

export const recordStatementApproved = (em: EntityManager, statement: RoyaltyStatement, totalCents: bigint): void => {
  recordEvent(em, RoyaltyEvents.statementApproved, statement.tenantId, { ...ref(statement), total: centsToUsd(totalCents) });
};

export const recordStatementPaid = (em: EntityManager, statement: RoyaltyStatement, totalCents: bigint): void => {
  recordEvent(em, RoyaltyEvents.statementPaid, statement.tenantId, { ...ref(statement), total: centsToUsd(totalCents) });
};
