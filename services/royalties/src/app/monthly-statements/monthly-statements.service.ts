import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@sv/contracts';
import { BALANCE_CURRENCY, payeeOfPrincipal } from '../balance/balance.service.ts';
import type { PrincipalPayee } from '../ledger/ledger.ts';
import { MonthlyStatementNotFoundError } from './monthly-statements.errors.ts';

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

/** A breakdown row: one release at one store, with the streams and revenue its report lines gave. */
export interface BreakdownRow {
  releaseTitle: string;
  dsp: string;
  streams: number;
  revenueMicros: bigint;
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

interface BreakdownQueryRow {
  release_title: string;
  dsp: string;
  streams: string;
  revenue: string;
}

/**
 * GET /royalties/statements/{id} (the id is the month, YYYY-MM): the month's total and its breakdown,
 * from the lines of its approved and paid reports that are the caller's: an artist's lines, or, for
 * the workspace, the lines tied to no artist. A line that matched no release shows its track title.
 */
export const readMonthlyStatement = async (em: EntityManager, principal: Principal, id: string): Promise<{ statement: MonthlyStatement; rows: BreakdownRow[] }> => {
  if (!PERIOD.test(id)) throw new MonthlyStatementNotFoundError();
  const payee = payeeOfPrincipal(principal);
  const [statement] = await monthsOf(em, principal.tenant_id, payee, id);
  if (!statement) throw new MonthlyStatementNotFoundError();
  const artist = payee.type === 'artist' ? { sql: 'l."artist_id" = ?', params: [payee.id] } : { sql: 'l."artist_id" is null', params: [] };
  const rows = await em.execute<BreakdownQueryRow[]>(
    `select coalesce(l."release_title", l."track_title") as "release_title", l."dsp_name" as "dsp",
            sum(l."streams")::text as "streams", sum(l."revenue_micros")::text as "revenue"
       from "royalties"."royalty_line_item" l
       join "royalties"."royalty_statement" s on s."id" = l."statement_id"
      where l."tenant_id" = ? and s."period" = ? and s."status" in ('approved', 'paid') and s."currency" = ? and ${artist.sql}
      group by 1, 2
      order by sum(l."revenue_micros") desc, 1, 2`,
    [principal.tenant_id, id, BALANCE_CURRENCY, ...artist.params],
  );
  return {
    statement,
    rows: rows.map((row) => ({ releaseTitle: row.release_title, dsp: row.dsp, streams: Number(row.streams), revenueMicros: BigInt(row.revenue) })),
  };
};
