import { centsToUsd, roundMicrosToCents } from '../ledger/money.ts';
import type { MonthlyStatement } from './monthly-statements.service.ts';
import type { BreakdownRow } from './payee-breakdown.ts';

export const presentMonthlyStatement = (statement: MonthlyStatement) => ({
  id: statement.period,
  period: statement.period,
  total_usd: centsToUsd(statement.totalCents),
  status: statement.status,
  created_at: statement.createdAt.toISOString(),
});

export const presentMonthlyStatementDetail = (statement: MonthlyStatement, rows: BreakdownRow[], pdfUrl: string) => ({
  ...presentMonthlyStatement(statement),
  pdf_url: pdfUrl,
  breakdown: rows.map((row) => ({
    release_title: row.releaseTitle,
    dsp: row.dsp,
    streams: row.streams,
    revenue_usd: centsToUsd(roundMicrosToCents(row.revenueMicros)),
  })),
});
