import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@sv/contracts';
import { BALANCE_CURRENCY, payeeOfPrincipal } from '../balance/balance.service.ts';
import type { PrincipalPayee } from '../ledger/ledger.ts';
import { MonthlyStatementNotFoundError } from './monthly-statements.errors.ts';
import { payeeBreakdown, type BreakdownRow, type ReportLineGroup } from './payee-breakdown.ts';
import { splitInForceAtApproval, splitsAtApproval } from './splits-at-approval.ts';

/** One calendar month of a payee's earnings: what the approved reports of that month credited it. */
export interface MonthlyStatement {
  /** YYYY-MM. */
  period: string;
  /** Cents credited to the payee by the approvals of that month's reports (the ledger's figure). */
  totalCents: bigint;
  /** paid once every report of the month that credited the payee is paid. */
  status: 'approved' | 'paid';
  /** When the month's first report was approved. */
  createdAt: Date;
}

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

/** `e` is a ledger entry alias; the payee's own rows only. */
const payeeCondition = (payee: PrincipalPayee, alias: string): { sql: string; params: unknown[] } =>
  payee.type === 'artist'
    ? { sql: `${alias}."payee_type" = 'artist' and ${alias}."payee_id" = ?`, params: [payee.id] }
    : { sql: `${alias}."payee_type" = 'tenant' and ${alias}."payee_id" is null`, params: [] };

interface MonthRow {
  period: string;
  total: string;
  paid: boolean;
  created_at: Date;
}

const monthsOf = async (em: EntityManager, tenantId: string, payee: PrincipalPayee, period?: string): Promise<MonthlyStatement[]> => {
  const condition = payeeCondition(payee, 'e');
  const rows = await em.execute<MonthRow[]>(
    `select s."period", sum(e."amount_minor")::text as "total", bool_and(s."status" = 'paid') as "paid", min(s."approved_at") as "created_at"
       from "royalties"."ledger_entry" e
       join "royalties"."royalty_statement" s on s."id" = e."cause_id" and s."tenant_id" = e."tenant_id"
      where e."tenant_id" = ? and e."cause_type" = 'statement_approval' and e."account" = 'payee_pending'
        and e."currency" = ? and ${condition.sql} ${period ? 'and s."period" = ?' : ''}
      group by s."period"
      order by s."period" desc`,
    [tenantId, BALANCE_CURRENCY, ...condition.params, ...(period ? [period] : [])],
  );
  return rows.map((row) => ({ period: row.period, totalCents: BigInt(row.total), status: row.paid ? 'paid' : 'approved', createdAt: new Date(row.created_at) }));
};

/** GET /royalties/statements: the caller's months with earnings, newest first. */
export const listMonthlyStatements = (em: EntityManager, principal: Principal): Promise<MonthlyStatement[]> =>
  monthsOf(em, principal.tenant_id, payeeOfPrincipal(principal));

interface LineGroupQueryRow {
  statement_id: string;
  track_id: string | null;
  artist_id: string | null;
  release_title: string;
  dsp: string;
  streams: string;
  micros: string;
}

/**
 * SQL: the lines of `l` (report `s`) that can pay the payee: an artist's own lines and the lines of
 * tracks whose split named it when the report was approved; the workspace's, the lines tied to no artist.
 */
const linesOfPayee = (payee: PrincipalPayee): { sql: string; params: unknown[] } =>
  payee.type === 'artist'
    ? {
        sql: `(l."artist_id" = ? or exists (
                select 1 from "royalties"."track_split" t
                 where t."tenant_id" = l."tenant_id" and t."track_id" = l."track_id" and t."payee_type" = 'artist' and t."artist_id" = ?
                   and ${splitInForceAtApproval('t', 's')}))`,
        params: [payee.id, payee.id],
      }
    : { sql: `l."artist_id" is null`, params: [] };

/** The month's approved and paid report lines that can pay the payee, summed per report, recording, release and store. */
const lineGroupsOf = async (em: EntityManager, tenantId: string, payee: PrincipalPayee, period: string): Promise<ReportLineGroup[]> => {
  const lines = linesOfPayee(payee);
  const rows = await em.execute<LineGroupQueryRow[]>(
    `select l."statement_id", l."track_id", l."artist_id", coalesce(l."release_title", l."track_title") as "release_title", l."dsp_name" as "dsp",
            sum(l."streams")::text as "streams", sum(l."revenue_micros")::text as "micros"
       from "royalties"."royalty_line_item" l
       join "royalties"."royalty_statement" s on s."id" = l."statement_id" and s."tenant_id" = l."tenant_id"
      where l."tenant_id" = ? and s."period" = ? and s."status" in ('approved', 'paid') and s."currency" = ? and ${lines.sql}
      group by l."statement_id", l."track_id", l."artist_id", 4, 5
      order by l."statement_id", min(l."position")`,
    [tenantId, period, BALANCE_CURRENCY, ...lines.params],
  );
  return rows.map((row) => ({
    statementId: row.statement_id,
    trackId: row.track_id,
    artistId: row.artist_id,
    releaseTitle: row.release_title,
    dsp: row.dsp,
    streams: Number(row.streams),
    micros: BigInt(row.micros),
  }));
};

/**
 * GET /royalties/statements/{id} (the id is the month, YYYY-MM): the month's total and its breakdown:
 * the caller's part of the lines of the month's approved and paid reports, by the split each report's
 * approval applied (an artist's unsplit lines and, for the workspace, the lines tied to no artist at
 * 100 %), so the breakdown is what the ledger credited. A line that matched no release shows its track title.
 */
export const readMonthlyStatement = async (em: EntityManager, principal: Principal, id: string): Promise<{ statement: MonthlyStatement; rows: BreakdownRow[] }> => {
  if (!PERIOD.test(id)) throw new MonthlyStatementNotFoundError();
  const payee = payeeOfPrincipal(principal);
  const [statement] = await monthsOf(em, principal.tenant_id, payee, id);
  if (!statement) throw new MonthlyStatementNotFoundError();
  const groups = await lineGroupsOf(em, principal.tenant_id, payee, id);
  const splits = await splitsAtApproval(
    em,
    principal.tenant_id,
    groups.map((group) => group.statementId),
    groups.flatMap((group) => (group.trackId ? [group.trackId] : [])),
  );
  return { statement, rows: payeeBreakdown(payee, groups, splits) };
};
