import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { systemPrincipal, type StatementFact } from '@sv/contracts';
import { DomainError } from '@sv/platform';
import type { RoyaltiesPort } from '../royalties-port.ts';
import { parsePeriodLabel } from './period-label.ts';

/** What the completion event says of the statement. */
export interface CompletedStatement {
  statement_id: string;
  /** The statement's month (YYYY-MM), for a line whose own period does not parse. */
  period: string;
}

/** A line's period (YYYY-MM or a date) as the first day it covers. */
const periodStartOf = (linePeriod: string, statementPeriod: string): string | null =>
  parsePeriodLabel(linePeriod)?.start ?? parsePeriodLabel(statementPeriod)?.start ?? null;

/** The statement's facts as royalties sums them now; none once royalties no longer knows it. */
const currentFacts = async (royalties: RoyaltiesPort, tenantId: string, statementId: string): Promise<StatementFact[]> => {
  try {
    return (await royalties.statementFacts(systemPrincipal(tenantId, 'analytics'), statementId)).facts;
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not_found') return [];
    throw error;
  }
};

/**
 * Replaces a completed statement's facts with its current matched lines, summed by royalties: asked
 * as the platform acting for the statement's tenant, written in the consumer's transaction. A
 * statement royalties no longer knows leaves no facts behind. The table's statement triggers rebuild
 * the reporting rollups of the days the delete and the insert touched, in the same transaction.
 */
export const copyStatementFacts = async (
  em: EntityManager,
  royalties: RoyaltiesPort,
  tenantId: string,
  statement: CompletedStatement,
): Promise<number> => {
  const facts = await currentFacts(royalties, tenantId, statement.statement_id);
  const rows = facts.flatMap((fact) => {
    const periodStart = periodStartOf(fact.period, statement.period);
    if (!periodStart) return [];
    return [
      {
        id: randomUUID(),
        release_id: fact.release_id,
        release_title: fact.release_title,
        artist_id: fact.artist_id,
        dsp_name: fact.dsp_name,
        period_start: periodStart,
        streams: fact.streams,
        revenue_micros: fact.revenue_micros,
      },
    ];
  });
  await em.execute(`delete from "analytics"."royalty_fact" where "tenant_id" = ? and "statement_id" = ?`, [tenantId, statement.statement_id]);
  if (rows.length === 0) return 0;
  await em.execute(
    `insert into "analytics"."royalty_fact"
       ("id", "tenant_id", "statement_id", "release_id", "release_title", "artist_id", "dsp_name", "period_start", "streams", "revenue_micros", "created_at")
     select f."id", ?, ?, f."release_id", f."release_title", f."artist_id", f."dsp_name", f."period_start", f."streams", f."revenue_micros", now()
       from jsonb_to_recordset(?::jsonb) as f("id" uuid, "release_id" uuid, "release_title" text, "artist_id" uuid, "dsp_name" text,
            "period_start" date, "streams" bigint, "revenue_micros" bigint)`,
    [tenantId, statement.statement_id, JSON.stringify(rows)],
  );
  return rows.length;
};
