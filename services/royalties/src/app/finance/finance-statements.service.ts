import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { FinanceEvents, Messages, type FinanceStatementsQuery, type Principal } from '@sv/contracts';
import { findPage, recordEvent, ValidationError, type FoundPage } from '@sv/platform';
import { FinancePeriod } from '../../db/entities/finance-period.entity.ts';
import { FinanceStatement } from '../../db/entities/finance-statement.entity.ts';
import { PayeeStatement } from '../../db/entities/payee-statement.entity.ts';
import { SalesReport } from '../../db/entities/sales-report.entity.ts';
import { allocateToPayees, type AllocationLine } from '../allocation/payee-allocation.ts';
import { splitsInForce } from '../allocation/splits-in-force.ts';
import { isStorable } from '../ledger/money.ts';
import { FinanceStateError, PayeeStatementNotFoundError, PeriodTotalOutOfRangeError, StatementNotFoundError } from './finance.errors.ts';
import { postPayeeStatementApproval } from './finance-ledger.ts';
import { roundMicrosToMinor } from './finance-money.ts';
import { findPeriod, UUID } from './periods.service.ts';

const NEWEST_FIRST = [
  { property: 'createdAt', direction: 'desc', type: 'date' },
  { property: 'id', direction: 'desc', type: 'uuid' },
] as const;

export interface ComputedStatement {
  statement: FinanceStatement;
  period: FinancePeriod;
  payeeStatements: PayeeStatement[];
}

export const statementEvent = (statement: FinanceStatement, period: FinancePeriod) => ({
  statement_id: statement.id,
  period_id: period.id,
  period_code: period.code,
  status: statement.status as 'draft' | 'approved' | 'locked' | 'paid',
  currency: statement.currency,
  total_minor: Number(statement.totalMinor),
});

export const payeeStatementEvent = (row: PayeeStatement) => ({
  payee_statement_id: row.id,
  statement_id: row.statementId,
  period_id: row.periodId,
  payee_type: row.payeeType,
  payee_id: row.payeeId ?? null,
  status: row.status as 'draft' | 'approved' | 'paid',
  currency: row.currency,
  amount_minor: Number(row.amountMinor),
});

/** The matched sales of a period's live reports (not those a revision replaced), summed per recording (a track, or a release matched by UPC only). */
const matchedSalesOf = async (tx: EntityManager, tenantId: string, periodId: string): Promise<AllocationLine[]> => {
  const rows = await tx.execute<{ track_id: string | null; artist_id: string | null; micros: string }[]>(
    `select r."track_id", r."artist_id", sum(r."amount_micros")::text as "micros"
       from "royalties"."sales_report_row" r
       join "royalties"."sales_report" s on s."id" = r."report_id"
      where s."tenant_id" = ? and s."period_id" = ? and s."superseded_at" is null and r."match_kind" is not null
      group by r."match_kind", r."track_id", r."release_id", r."artist_id"
      order by min(r."row_number"), r."track_id", r."release_id"`,
    [tenantId, periodId],
  );
  return rows.map((row) => ({ trackId: row.track_id, artistId: row.artist_id, micros: BigInt(row.micros) }));
};

/**
 * POST /finance/periods/{uuid}/statements: the period's draft tenant statement and one payee
 * statement per payee, from its matched sales and the splits in force now. Recomputing replaces a
 * draft only: once the statement or any payee statement has moved on, the period is settled (409).
 * The period row is locked, so two computes of one period run one after the other.
 */
export const computePeriodStatements = (em: EntityManager, principal: Principal, periodId: string): Promise<ComputedStatement> =>
  em.transactional(async (tx) => {
    const tenantId = principal.tenant_id;
    const period = await findPeriod(tx, tenantId, periodId, true);
    const existing = await tx.findOne(FinanceStatement, { periodId: period.id, tenantId });
    if (existing) {
      const settled = existing.status !== 'draft' || (await tx.count(PayeeStatement, { statementId: existing.id, status: { $ne: 'draft' } })) > 0;
      if (settled) throw new FinanceStateError(Messages.onlyDraftStatementsRecompute);
      await tx.nativeDelete(PayeeStatement, { statementId: existing.id });
      await tx.nativeDelete(FinanceStatement, { id: existing.id });
      tx.getUnitOfWork().unsetIdentity(existing);
    }
    const [totals] = await tx.execute<{ reports: string; total: string | null }[]>(
      `select count(*)::text as "reports", sum("total_micros")::text as "total" from "royalties"."sales_report" where "tenant_id" = ? and "period_id" = ? and "superseded_at" is null`,
      [tenantId, period.id],
    );
    if (!totals || totals.reports === '0') throw new ValidationError({ period: [Messages.periodHasNoSales] }, Messages.periodHasNoSales);
    const reportTotalMinor = roundMicrosToMinor(BigInt(totals.total ?? '0'));
    const sales = await matchedSalesOf(tx, tenantId, period.id);
    const splits = await splitsInForce(tx, tenantId, sales.flatMap((sale) => (sale.trackId ? [sale.trackId] : [])));
    const { totalCents: totalMinor, payees } = allocateToPayees(sales, splits);
    if (payees.some((payee) => !isStorable(payee.micros))) throw new PeriodTotalOutOfRangeError();
    const now = new Date();
    const statement = tx.create(FinanceStatement, {
      id: randomUUID(),
      tenantId,
      periodId: period.id,
      currency: period.currency,
      status: 'draft',
      totalMinor,
      reportTotalMinor,
      // The difference, so that the statement's cents always agree with its reports' cents.
      unmatchedMinor: reportTotalMinor - totalMinor,
      payeeCount: payees.length,
      approvedAt: null,
      lockedAt: null,
      paidAt: null,
      createdAt: now,
      updatedAt: now,
    });
    // The statement first: its payee statements refer to it, and the entities declare no relation to order the inserts by.
    await tx.flush();
    const payeeStatements = payees.map(({ payee, micros, cents }) =>
      tx.create(PayeeStatement, {
        id: randomUUID(),
        tenantId,
        statementId: statement.id,
        periodId: period.id,
        payeeType: payee.type,
        payeeId: payee.id,
        name: payee.name,
        email: payee.email,
        currency: period.currency,
        amountMinor: cents,
        exactMicros: micros,
        status: 'draft',
        payoutId: null,
        approvedAt: null,
        paidAt: null,
        createdAt: now,
      }),
    );
    recordEvent(tx, FinanceEvents.statementComputed, tenantId, { ...statementEvent(statement, period), payee_statements: payees.length });
    await tx.flush();
    return { statement, period, payeeStatements };
  });

export const findStatement = async (em: EntityManager, tenantId: string, statementId: string): Promise<FinanceStatement> => {
  if (!UUID.test(statementId)) throw new StatementNotFoundError();
  const statement = await em.findOne(FinanceStatement, { id: statementId, tenantId });
  if (!statement) throw new StatementNotFoundError();
  return statement;
};

export const findPayeeStatement = async (em: EntityManager, tenantId: string, payeeStatementId: string): Promise<PayeeStatement> => {
  if (!UUID.test(payeeStatementId)) throw new PayeeStatementNotFoundError();
  const row = await em.findOne(PayeeStatement, { id: payeeStatementId, tenantId });
  if (!row) throw new PayeeStatementNotFoundError();
  return row;
};

/** The periods of some statements, for their codes. */
export const periodsOf = async (em: EntityManager, tenantId: string, periodIds: string[]): Promise<Map<string, FinancePeriod>> => {
  const periods = periodIds.length === 0 ? [] : await em.find(FinancePeriod, { tenantId, id: { $in: [...new Set(periodIds)] } });
  return new Map(periods.map((period) => [period.id, period]));
};

/**
 * Moves a tenant statement from `from` to `to` by a conditional update, so two concurrent moves
 * cannot both succeed; the loser sees the status the winner left (409).
 */
const moveStatement = (em: EntityManager, tenantId: string, statementId: string, move: { from: string; to: 'approved' | 'locked'; refusal: string }) =>
  em.transactional(async (tx) => {
    await findStatement(tx, tenantId, statementId);
    const now = new Date();
    const stamp = move.to === 'approved' ? { approvedAt: now } : { lockedAt: now };
    const moved = await tx.nativeUpdate(FinanceStatement, { id: statementId, tenantId, status: move.from }, { status: move.to, updatedAt: now, ...stamp });
    if (moved === 0) throw new FinanceStateError(move.refusal);
    const statement = await tx.findOneOrFail(FinanceStatement, { id: statementId }, { refresh: true });
    const period = await tx.findOneOrFail(FinancePeriod, { id: statement.periodId });
    recordEvent(tx, move.to === 'approved' ? FinanceEvents.statementApproved : FinanceEvents.statementLocked, tenantId, statementEvent(statement, period));
    await tx.flush();
    return { statement, period };
  });

/** Only a draft statement is approved (409 `Only draft statements can be approved.`). */
export const approveStatement = (em: EntityManager, principal: Principal, statementId: string) =>
  moveStatement(em, principal.tenant_id, statementId, { from: 'draft', to: 'approved', refusal: Messages.onlyDraftStatements });

/** An approved statement is locked: its figures are final for the books. */
export const lockStatement = (em: EntityManager, principal: Principal, statementId: string) =>
  moveStatement(em, principal.tenant_id, statementId, { from: 'approved', to: 'locked', refusal: Messages.onlyApprovedStatementsLock });

/** Only a draft payee statement is approved (409 `Only draft payee statements can be approved.`), by a conditional update. */
export const approvePayeeStatement = (em: EntityManager, principal: Principal, payeeStatementId: string): Promise<PayeeStatement> =>
  em.transactional(async (tx) => {
    const tenantId = principal.tenant_id;
    await findPayeeStatement(tx, tenantId, payeeStatementId);
    const now = new Date();
    const moved = await tx.nativeUpdate(PayeeStatement, { id: payeeStatementId, tenantId, status: 'draft' }, { status: 'approved', approvedAt: now });
    if (moved === 0) throw new FinanceStateError(Messages.onlyDraftPayeeStatements);
    const row = await tx.findOneOrFail(PayeeStatement, { id: payeeStatementId }, { refresh: true });
    // The credit, the status and the event commit together.
    postPayeeStatementApproval(tx, row);
    recordEvent(tx, FinanceEvents.payeeStatementApproved, tenantId, payeeStatementEvent(row));
    await tx.flush();
    return row;
  });

export const listStatements = (em: EntityManager, tenantId: string, query: FinanceStatementsQuery): Promise<FoundPage<FinanceStatement>> =>
  findPage(em, FinanceStatement, query.period_id ? { tenantId, periodId: query.period_id } : { tenantId }, { query, order: NEWEST_FIRST });

export const listPayeeStatements = (em: EntityManager, tenantId: string, query: FinanceStatementsQuery): Promise<FoundPage<PayeeStatement>> =>
  findPage(
    em,
    PayeeStatement,
    { tenantId, ...(query.period_id ? { periodId: query.period_id } : {}), ...(query.statement_id ? { statementId: query.statement_id } : {}) },
    { query, order: NEWEST_FIRST },
  );

/** The payee statements of one statement, in the order they were written. */
export const payeeStatementsOf = (em: EntityManager, tenantId: string, statementId: string): Promise<PayeeStatement[]> =>
  em.find(PayeeStatement, { tenantId, statementId }, { orderBy: { createdAt: 'asc', id: 'asc' } });

export const salesReportsCount = (em: EntityManager, tenantId: string, periodId: string): Promise<number> => em.count(SalesReport, { tenantId, periodId, supersededAt: null });
