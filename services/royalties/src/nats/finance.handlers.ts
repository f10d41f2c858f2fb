import {
  CreateFinancePeriodBody,
  CreatePayoutBody,
  CreateSalesReportBody,
  DefaultListQuery,
  FinanceOperation,
  FinanceStatementsQuery,
  SalesReportRowsQuery,
  SalesReportsQuery,
} from '@sv/contracts';
import { assertCan, created, ok, parseOrThrow, type OperationTable } from '@sv/platform';
import {
  approvePayeeStatement,
  approveStatement,
  computePeriodStatements,
  findPayeeStatement,
  findStatement,
  listPayeeStatements,
  listStatements,
  lockStatement,
  periodsOf,
} from '../app/finance/finance-statements.service.ts';
import {
  presentPayeeStatement,
  presentPayout,
  presentPeriod,
  presentSalesReport,
  presentSalesReportJob,
  presentSalesReportRow,
  presentStatement,
} from '../app/finance/finance.presenter.ts';
import { createPayout, findPayout, listPayouts } from '../app/finance/payouts.service.ts';
import { createPeriod, findPeriod, listPeriods } from '../app/finance/periods.service.ts';
import { findSalesReportJob, queueSalesReport } from '../app/finance/sales-report-jobs.service.ts';
import { createSalesReport, findSalesReport, listSalesReportRows, listSalesReports } from '../app/finance/sales-reports.service.ts';
import type { RoyaltiesContext } from '../royalties-context.ts';

const MANAGE = 'finance.manage';

/** Thin adapters: every finance route needs finance.manage; parse, one use-case on a forked ORM context, shape the reply. */
export const financeOperations = ({ orm, config, blobs, catalogue }: RoyaltiesContext): OperationTable => {
  // A job's progress moves once per write: asking sooner shows nothing new. Read when answering, not when the table is built.
  const retryAfter = () => String(Math.max(1, Math.ceil(config.reportJobs.progressMs / 1000)));
  return {
    [FinanceOperation.periodsCreate]: async (request) => {
      assertCan(request.principal, MANAGE);
      const body = parseOrThrow(CreateFinancePeriodBody, request.body);
      return created({ period: presentPeriod(await createPeriod(orm.em.fork(), request.principal, body)) });
    },
    [FinanceOperation.periodsList]: async (request) => {
      assertCan(request.principal, MANAGE);
      const query = parseOrThrow(DefaultListQuery, request.query);
      const page = await listPeriods(orm.em.fork(), request.principal.tenant_id, query);
      return ok({ periods: page.rows.map(presentPeriod), total: page.total, meta: page.meta });
    },
    [FinanceOperation.periodsGet]: async (request) => {
      assertCan(request.principal, MANAGE);
      return ok({ period: presentPeriod(await findPeriod(orm.em.fork(), request.principal.tenant_id, request.params.uuid ?? '')) });
    },
    // The permission is checked inside, so that a refused upload's stored file is removed too.
    [FinanceOperation.salesReportsUpload]: async (request) => {
      const job = await queueSalesReport(blobs, orm.em.fork(), request.principal, request.params.uuid ?? '', request.body, request.files);
      const headers = { Location: `${config.apiRoot}/finance/sales-report-jobs/${job.id}`, 'Retry-After': retryAfter() };
      return { status: 202, headers, body: { sales_report_job: presentSalesReportJob(job, new Date()) } };
    },
    [FinanceOperation.salesReportJobsGet]: async (request) => {
      assertCan(request.principal, MANAGE);
      const job = await findSalesReportJob(orm.em.fork(), request.principal.tenant_id, request.params.uuid ?? '');
      const ended = job.status === 'completed' || job.status === 'failed';
      return ok({ sales_report_job: presentSalesReportJob(job, new Date()) }, ended ? {} : { 'Retry-After': retryAfter() });
    },
    [FinanceOperation.salesReportsCreate]: async (request) => {
      assertCan(request.principal, MANAGE);
      const body = parseOrThrow(CreateSalesReportBody, request.body);
      return created({ sales_report: presentSalesReport(await createSalesReport(orm.em.fork(), catalogue, request.principal, body)) });
    },
    [FinanceOperation.salesReportsList]: async (request) => {
      assertCan(request.principal, MANAGE);
      const query = parseOrThrow(SalesReportsQuery, request.query);
      const page = await listSalesReports(orm.em.fork(), request.principal.tenant_id, query);
      return ok({ sales_reports: page.rows.map(presentSalesReport), total: page.total, meta: page.meta });
    },
    [FinanceOperation.salesReportsGet]: async (request) => {
      assertCan(request.principal, MANAGE);
      return ok({ sales_report: presentSalesReport(await findSalesReport(orm.em.fork(), request.principal.tenant_id, request.params.uuid ?? '')) });
    },
    [FinanceOperation.salesReportRows]: async (request) => {
      assertCan(request.principal, MANAGE);
      const query = parseOrThrow(SalesReportRowsQuery, request.query);
      const page = await listSalesReportRows(orm.em.fork(), request.principal.tenant_id, request.params.uuid ?? '', query);
      return ok({ rows: page.rows.map(presentSalesReportRow), total: page.total, meta: page.meta });
    },
    [FinanceOperation.statementsCompute]: async (request) => {
      assertCan(request.principal, MANAGE);
      const { statement, period, payeeStatements } = await computePeriodStatements(orm.em.fork(), request.principal, request.params.uuid ?? '');
      return created({ statement: presentStatement(statement, period), payee_statements: payeeStatements.map(presentPayeeStatement) });
    },
    [FinanceOperation.statementsList]: async (request) => {
      assertCan(request.principal, MANAGE);
      const query = parseOrThrow(FinanceStatementsQuery, request.query);
      const em = orm.em.fork();
      const page = await listStatements(em, request.principal.tenant_id, query);
      const periods = await periodsOf(em, request.principal.tenant_id, page.rows.map((statement) => statement.periodId));
      return ok({ statements: page.rows.map((statement) => presentStatement(statement, periods.get(statement.periodId))), total: page.total, meta: page.meta });
    },
    [FinanceOperation.statementsGet]: async (request) => {
      assertCan(request.principal, MANAGE);
      const em = orm.em.fork();
      const statement = await findStatement(em, request.principal.tenant_id, request.params.uuid ?? '');
      const periods = await periodsOf(em, request.principal.tenant_id, [statement.periodId]);
      return ok({ statement: presentStatement(statement, periods.get(statement.periodId)) });
    },
    [FinanceOperation.statementsApprove]: async (request) => {
      assertCan(request.principal, MANAGE);
      const { statement, period } = await approveStatement(orm.em.fork(), request.principal, request.params.uuid ?? '');
      return ok({ statement: presentStatement(statement, period) });
    },
    [FinanceOperation.statementsLock]: async (request) => {
      assertCan(request.principal, MANAGE);
      const { statement, period } = await lockStatement(orm.em.fork(), request.principal, request.params.uuid ?? '');
      return ok({ statement: presentStatement(statement, period) });
    },
    [FinanceOperation.payeeStatementsList]: async (request) => {
      assertCan(request.principal, MANAGE);
      const query = parseOrThrow(FinanceStatementsQuery, request.query);
      const page = await listPayeeStatements(orm.em.fork(), request.principal.tenant_id, query);
      return ok({ payee_statements: page.rows.map(presentPayeeStatement), total: page.total, meta: page.meta });
    },
    [FinanceOperation.payeeStatementsGet]: async (request) => {
      assertCan(request.principal, MANAGE);
      return ok({ payee_statement: presentPayeeStatement(await findPayeeStatement(orm.em.fork(), request.principal.tenant_id, request.params.uuid ?? '')) });
    },
    [FinanceOperation.payeeStatementsApprove]: async (request) => {
      assertCan(request.principal, MANAGE);
      return ok({ payee_statement: presentPayeeStatement(await approvePayeeStatement(orm.em.fork(), request.principal, request.params.uuid ?? '')) });
    },
    [FinanceOperation.payoutsCreate]: async (request) => {
      assertCan(request.principal, MANAGE);
      const body = parseOrThrow(CreatePayoutBody, request.body);
      const payout = await createPayout(orm.em.fork(), request.principal, body, { simulated: config.env === 'sandbox' });
      return created({ payout: presentPayout(payout) });
    },
    [FinanceOperation.payoutsList]: async (request) => {
      assertCan(request.principal, MANAGE);
      const query = parseOrThrow(DefaultListQuery, request.query);
      const page = await listPayouts(orm.em.fork(), request.principal.tenant_id, query);
      return ok({ payouts: page.rows.map(presentPayout), total: page.total, meta: page.meta });
    },
    [FinanceOperation.payoutsGet]: async (request) => {
      assertCan(request.principal, MANAGE);
      return ok({ payout: presentPayout(await findPayout(orm.em.fork(), request.principal.tenant_id, request.params.uuid ?? '')) });
    },
  };
};
