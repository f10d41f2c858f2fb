import { FinancePeriod } from './entities/finance-period.entity.ts';
import { FinanceStatement } from './entities/finance-statement.entity.ts';
import { LedgerEntry } from './entities/ledger-entry.entity.ts';
import { PayeeStatement } from './entities/payee-statement.entity.ts';
import { Payout } from './entities/payout.entity.ts';
import { RoyaltyLineItem } from './entities/royalty-line-item.entity.ts';
import { RoyaltyStatement } from './entities/royalty-statement.entity.ts';
import { SalesReportJob } from './entities/sales-report-job.entity.ts';
import { SalesReportRow } from './entities/sales-report-row.entity.ts';
import { SalesReport } from './entities/sales-report.entity.ts';
import { StatementDocument } from './entities/statement-document.entity.ts';
import { TrackSplit } from './entities/track-split.entity.ts';
import { Withdrawal } from './entities/withdrawal.entity.ts';
import { Migration20261202000100_track_splits } from './migrations/Migration20261202000100_track_splits.ts';
import { Migration20261202000200_statements_ledger } from './migrations/Migration20261202000200_statements_ledger.ts';
import { Migration20261202000500_finance } from './migrations/Migration20261202000500_finance.ts';
import { Migration20261202000600_line_streams } from './migrations/Migration20261202000600_line_streams.ts';
import { Migration20261202000700_statement_documents } from './migrations/Migration20261202000700_statement_documents.ts';
import { Migration20261202000800_split_millionths } from './migrations/Migration20261202000800_split_millionths.ts';
import { Migration20261202000900_recording_codes } from './migrations/Migration20261202000900_recording_codes.ts';
import { Migration20261202001000_sales_report_identity } from './migrations/Migration20261202001000_sales_report_identity.ts';
import { Migration20261202001100_sales_report_jobs } from './migrations/Migration20261202001100_sales_report_jobs.ts';
import { Migration20261202001200_sales_report_row_load } from './migrations/Migration20261202001200_sales_report_row_load.ts';
import { Migration20261202001300_sales_report_job_retention } from './migrations/Migration20261202001300_sales_report_job_retention.ts';

/** The royalties service's own Postgres schema; no other service reads or writes it. */
export const ROYALTIES_SCHEMA = 'royalties';

export const ROYALTIES_ENTITIES = [TrackSplit, RoyaltyStatement, RoyaltyLineItem, LedgerEntry, Withdrawal,
  FinancePeriod, SalesReport, SalesReportRow, FinanceStatement, PayeeStatement, Payout, StatementDocument, SalesReportJob];

/** In order of application; names are the migration table's keys, never rename one. */
export const ROYALTIES_MIGRATIONS = [
  { name: 'Migration20261202000100_track_splits', class: Migration20261202000100_track_splits },
  { name: 'Migration20261202000200_statements_ledger', class: Migration20261202000200_statements_ledger },
  { name: 'Migration20261202000500_finance', class: Migration20261202000500_finance },
  { name: 'Migration20261202000600_line_streams', class: Migration20261202000600_line_streams },
  { name: 'Migration20261202000700_statement_documents', class: Migration20261202000700_statement_documents },
  { name: 'Migration20261202000800_split_millionths', class: Migration20261202000800_split_millionths },
  { name: 'Migration20261202000900_recording_codes', class: Migration20261202000900_recording_codes },
  { name: 'Migration20261202001000_sales_report_identity', class: Migration20261202001000_sales_report_identity },
  { name: 'Migration20261202001100_sales_report_jobs', class: Migration20261202001100_sales_report_jobs },
  { name: 'Migration20261202001200_sales_report_row_load', class: Migration20261202001200_sales_report_row_load },
  // The retention prune's index: finished jobs by when they ended.
  { name: 'Migration20261202001300_sales_report_job_retention', class: Migration20261202001300_sales_report_job_retention },
];
