import { randomUUID } from 'node:crypto';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { FinanceEvents, Messages, type CreatePayoutBody, type PaginationQuery, type Principal } from '@sv/contracts';
import { findPage, recordEvent, ValidationError, type FoundPage } from '@sv/platform';
import { FinancePeriod } from '../../db/entities/finance-period.entity.ts';
import { FinanceStatement } from '../../db/entities/finance-statement.entity.ts';
import { PayeeStatement } from '../../db/entities/payee-statement.entity.ts';
import { Payout } from '../../db/entities/payout.entity.ts';
import { FinanceStateError, PayeeStatementNotFoundError, PayoutNotFoundError } from './finance.errors.ts';
import { postPayout } from './finance-ledger.ts';
import { payeeStatementEvent, statementEvent } from './finance-statements.service.ts';
import { findPeriod, UUID } from './periods.service.ts';

const PAYABLE_STATEMENTS: readonly string[] = ['approved', 'locked'];

export interface PayoutOptions {
  /** In the sandbox every row is written and no money is moved; the payout says so. */
  simulated: boolean;
}

/** The payee statements a payout settles, locked for this transaction; 404 for any the tenant does not have. */
const payeeStatementsToPay = async (tx: EntityManager, tenantId: string, body: CreatePayoutBody): Promise<PayeeStatement[]> => {
  const lock = { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true, orderBy: { id: 'asc' } } as const;
  if (body.payee_statement_ids) {
    const ids = [...new Set(body.payee_statement_ids)];
    const rows = await tx.find(PayeeStatement, { tenantId, id: { $in: ids } }, lock);
    if (rows.length !== ids.length) throw new PayeeStatementNotFoundError();
    return rows;
  }
  const period = await findPeriod(tx, tenantId, body.period_id ?? '');
  const rows = await tx.find(PayeeStatement, { tenantId, periodId: period.id, status: 'approved' }, lock);
  if (rows.length === 0) throw new FinanceStateError(Messages.payoutNothingToPay);
  return rows;
};

/**
 * POST /finance/payouts: settles approved payee statements of approved or locked statements.
 * The payee statements and their statements are locked (select … for update) before they are
 * checked, so a statement cannot be paid twice nor a draft slip in; each becomes paid, and a
 * statement becomes paid with its last payee statement. One transaction: the payout, every status
 * move and their events (outbox) are written together or not at all.
 */
export const createPayout = (em: EntityManager, principal: Principal, body: CreatePayoutBody, options: PayoutOptions): Promise<Payout> =>
  em.transactional(async (tx) => {
    const tenantId = principal.tenant_id;
    const rows = await payeeStatementsToPay(tx, tenantId, body);
    const statementIds = [...new Set(rows.map((row) => row.statementId))];
    const statements = await tx.find(FinanceStatement, { tenantId, id: { $in: statementIds } }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true, orderBy: { id: 'asc' } });
    const statementById = new Map(statements.map((statement) => [statement.id, statement]));
    const payable = (row: PayeeStatement) => row.status === 'approved' && PAYABLE_STATEMENTS.includes(statementById.get(row.statementId)?.status ?? '');
    if (!rows.every(payable)) throw new FinanceStateError(Messages.payoutNotPayable);
    const currencies = new Set(rows.map((row) => row.currency));
    if (currencies.size > 1) throw new ValidationError({ payee_statement_ids: [Messages.payoutCurrencies] });
    const now = new Date();
    const payout = tx.create(Payout, {
      id: randomUUID(),
      tenantId,
      periodId: body.period_id ?? null,
      currency: rows[0]!.currency,
      amountMinor: rows.reduce((sum, row) => sum + row.amountMinor, 0n),
      status: options.simulated ? 'simulated' : 'completed',
      simulated: options.simulated,
      note: options.simulated ? Messages.payoutSimulated : (body.note ?? null),
      payeeStatementIds: rows.map((row) => row.id),
      createdAt: now,
    });
    // The payout row first: the payee statements refer to it.
    await tx.flush();
    postPayout(tx, payout.id, rows);
    for (const row of rows) {
      row.status = 'paid';
      row.payoutId = payout.id;
      row.paidAt = now;
      recordEvent(tx, FinanceEvents.payeeStatementPaid, tenantId, { ...payeeStatementEvent(row), payout_id: payout.id });
    }
    await tx.flush();
    const periods = new Map((await tx.find(FinancePeriod, { tenantId, id: { $in: statements.map((statement) => statement.periodId) } })).map((period) => [period.id, period]));
    for (const statement of statements) {
      if ((await tx.count(PayeeStatement, { statementId: statement.id, status: { $ne: 'paid' } })) > 0) continue;
      statement.status = 'paid';
      statement.paidAt = now;
      statement.updatedAt = now;
      recordEvent(tx, FinanceEvents.statementPaid, tenantId, statementEvent(statement, periods.get(statement.periodId)!));
    }
    recordEvent(tx, FinanceEvents.payoutCreated, tenantId, {
      payout_id: payout.id,
      currency: payout.currency,
      amount_minor: Number(payout.amountMinor),
      payee_statement_ids: payout.payeeStatementIds,
      simulated: payout.simulated,
    });
    await tx.flush();
    return payout;
  });

export const findPayout = async (em: EntityManager, tenantId: string, payoutId: string): Promise<Payout> => {
  if (!UUID.test(payoutId)) throw new PayoutNotFoundError();
  const payout = await em.findOne(Payout, { id: payoutId, tenantId });
  if (!payout) throw new PayoutNotFoundError();
  return payout;
};

export const listPayouts = (em: EntityManager, tenantId: string, query: PaginationQuery): Promise<FoundPage<Payout>> =>
  findPage(em, Payout, { tenantId }, {
    query,
    order: [
      { property: 'createdAt', direction: 'desc', type: 'date' },
      { property: 'id', direction: 'desc', type: 'uuid' },
    ],
  });
