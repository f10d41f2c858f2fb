import type { EntityManager } from '@mikro-orm/postgresql';
import type { StatementFact, StatementFactsReply } from '@sv/contracts';
import { findStatement } from './statement-access.ts';

interface FactRow {
  release_id: string | null;
  release_title: string | null;
  artist_id: string | null;
  dsp_name: string;
  period: string;
  streams: string;
  revenue_micros: string;
}

/**
 * A statement's matched lines summed per release, artist, store and period, in one query over the
 * tenant's lines, for analytics to report beside ingested counts. Unmatched lines name no release
 * or artist of the catalogue, so they stay out. 404 for another tenant's or an unknown statement.
 */
export const statementFacts = async (em: EntityManager, tenantId: string, statementId: string): Promise<StatementFactsReply> => {
  const statement = await findStatement(em, tenantId, statementId);
  const rows = await em.execute<FactRow[]>(
    `select "release_id", "release_title", "artist_id", "dsp_name", "period",
            sum("streams")::text as "streams", sum("revenue_micros")::text as "revenue_micros"
       from "royalties"."royalty_line_item"
      where "tenant_id" = ? and "statement_id" = ? and "matched" is not null
      group by "release_id", "release_title", "artist_id", "dsp_name", "period"
      order by "period", "dsp_name", "release_id" nulls last, "artist_id" nulls last`,
    [tenantId, statement.id],
  );
  const facts: StatementFact[] = rows.map((row) => ({ ...row, streams: Number(row.streams) }));
  return { statement_id: statement.id, status: statement.status, facts };
};
