import { combineOperationTables, recordingCodeOperations, type OperationTable } from '@sv/platform';
import type { RoyaltiesContext } from '../royalties-context.ts';
import { balanceOperations } from './balance.handlers.ts';
import { financeOperations } from './finance.handlers.ts';
import { monthlyStatementOperations } from './monthly-statements.handlers.ts';
import { salesReportFileOperations } from './sales-report-file.handlers.ts';
import { splitOperations } from './splits.handlers.ts';
import { statementFactOperations } from './statement-facts.handlers.ts';
import { statementOperations } from './statements.handlers.ts';
import { withdrawalOperations } from './withdrawals.handlers.ts';

/** Every operation royalties answers on `sv.<env>.api.royalties`; one handler file per feature. */
export const royaltiesOperations = (context: RoyaltiesContext): OperationTable =>
  combineOperationTables('royalties', [
    splitOperations(context),
    statementOperations(context),
    balanceOperations(context),
    withdrawalOperations(context),
    monthlyStatementOperations(context),
    financeOperations(context),
    statementFactOperations(context),
    salesReportFileOperations(context),
    recordingCodeOperations(context.recordingCodes),
  ]);
