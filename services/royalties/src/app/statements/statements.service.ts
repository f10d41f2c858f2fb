import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Messages, type CreateRoyaltyStatementBody, type PaginationQuery, type Principal, type RoyaltyLineItemsBody } from '@sv/contracts';
import { findPage, ValidationError, type FoundPage } from '@sv/platform';
import { RoyaltyLineItem } from '../../db/entities/royalty-line-item.entity.ts';
import { RoyaltyStatement } from '../../db/entities/royalty-statement.entity.ts';
import type { CataloguePort } from '../catalogue-port.ts';
import { isStorable, MICROS_SCALE, numberToMinor } from '../ledger/money.ts';
import { matchLinesKeptFirst } from '../recording-codes/line-code-matching.ts';
import { normalCode } from './line-matching.ts';
import { changeStatement, findStatement } from './statement-access.ts';
import { recordStatementCompleted, recordStatementCreated } from './statement-events.ts';
import { StatementLinesLockedError, StatementTotalOutOfRangeError } from './statements.errors.ts';

/** Lines may be added until the statement is approved. */
const OPEN_FOR_LINES: readonly string[] = ['processing', 'completed'];

/** POST /royalties: a statement starts processing, waiting for its lines. */
export const createStatement = (em: EntityManager, principal: Principal, body: CreateRoyaltyStatementBody): Promise<RoyaltyStatement> =>
  em.transactional(async (tx) => {
    const now = new Date();
    const statement = tx.create(RoyaltyStatement, {
      id: randomUUID(),
      tenantId: principal.tenant_id,
      period: body.period,
      currency: body.currency,
      filename: body.filename ?? null,
      status: 'processing',
      totalMicros: 0n,
      lineCount: 0,
      unmatchedCount: 0,
      createdAt: now,
      updatedAt: now,
      approvedAt: null,
      paidAt: null,
    });
    recordStatementCreated(tx, statement);
    return statement;
  });

/** GET /royalties: the tenant's statements, newest first. */
export const listStatements = (em: EntityManager, tenantId: string, query: PaginationQuery): Promise<FoundPage<RoyaltyStatement>> =>
  findPage(em, RoyaltyStatement, { tenantId }, {
    query,
    order: [
      { property: 'createdAt', direction: 'desc', type: 'date' },
      { property: 'id', direction: 'desc', type: 'uuid' },
    ],
  });

export const linesOf = (em: EntityManager, statement: RoyaltyStatement): Promise<RoyaltyLineItem[]> =>
  em.find(RoyaltyLineItem, { tenantId: statement.tenantId, statementId: statement.id }, { orderBy: { position: 'asc' } });

/** GET /royalties/{uuid}: the statement and every line. */
export const readStatement = async (em: EntityManager, tenantId: string, statementId: string) => {
  const statement = await findStatement(em, tenantId, statementId);
  return { statement, lines: await linesOf(em, statement) };
};

/** Revenue as micro-units; a figure with more than six decimals is the client's mistake at its field. */
const revenueOf = (lines: RoyaltyLineItemsBody['line_items']): bigint[] => {
  const problems: Record<string, string[]> = {};
  const micros = lines.map((line, index) => {
    try {
      return numberToMinor(line.revenue, MICROS_SCALE);
    } catch {
      problems[`line_items.${index}.revenue`] = [Messages.revenueDecimals];
      return 0n;
    }
  });
  if (Object.keys(problems).length > 0) throw new ValidationError(problems);
  return micros;
};

/** The statement's total with the new lines, exactly; refused when the bigint column cannot hold it. */
const totalWith = (current: bigint, revenue: readonly bigint[]): bigint => {
  const total = revenue.reduce((sum, micros) => sum + micros, current);
  if (!isStorable(total)) throw new StatementTotalOutOfRangeError();
  return total;
};

/**
 * POST /royalties/{uuid}/line-items: matches the lines against the catalogue, then stores them all
 * (or none) with the statement's totals, and marks it completed, ready for review.
 */
export const addLineItems = async (
  em: EntityManager,
  catalogue: CataloguePort,
  principal: Principal,
  statementId: string,
  body: RoyaltyLineItemsBody,
) => {
  const tenantId = principal.tenant_id;
  // Refuse early, before asking the catalogue; the locked read below decides.
  const current = await findStatement(em, tenantId, statementId);
  if (!OPEN_FOR_LINES.includes(current.status)) throw new StatementLinesLockedError(current.status);
  const revenue = revenueOf(body.line_items);
  totalWith(current.totalMicros, revenue);
  const matches = await matchLinesKeptFirst(em, catalogue, principal, body.line_items);

  return changeStatement(em, tenantId, statementId, async (tx, statement) => {
    if (!OPEN_FOR_LINES.includes(statement.status)) throw new StatementLinesLockedError(statement.status);
    const total = totalWith(statement.totalMicros, revenue);
    const now = new Date();
    body.line_items.forEach((line, index) => {
      const match = matches[index]!;
      tx.create(RoyaltyLineItem, {
        id: randomUUID(),
        tenantId,
        statementId: statement.id,
        position: statement.lineCount + index,
        dspName: line.dsp_name,
        trackTitle: line.track_title,
        artistName: line.artist_name,
        revenueMicros: revenue[index]!,
        streams: line.streams,
        releaseTitle: match.releaseTitle,
        isrc: normalCode(line.isrc),
        upc: normalCode(line.upc),
        period: line.period,
        matched: match.matched,
        trackId: match.trackId,
        releaseId: match.releaseId,
        artistId: match.artistId,
        createdAt: now,
      });
    });
    statement.lineCount += body.line_items.length;
    statement.unmatchedCount += matches.filter((match) => match.matched === null).length;
    statement.totalMicros = total;
    statement.status = 'completed';
    statement.updatedAt = now;
    // Each batch of lines leaves the statement (again) ready for review, with new totals.
    recordStatementCompleted(tx, statement);
    await tx.flush();
    return { statement, lines: await linesOf(tx, statement) };
  });
};

export interface ArtistTotal {
  artistId: string | null;
  artistName: string;
  totalMicros: bigint;
  lineCount: number;
}

/** GET /royalties/summary/{uuid}: totals per reported artist (and matched artist), largest first. */
export const summarizeStatement = async (em: EntityManager, tenantId: string, statementId: string) => {
  const statement = await findStatement(em, tenantId, statementId);
  const rows = await em.execute<{ artist_id: string | null; artist_name: string; total: string; line_count: number }[]>(
    `select "artist_id", "artist_name", sum("revenue_micros")::text as "total", count(*)::int as "line_count"
       from "royalties"."royalty_line_item"
      where "tenant_id" = ? and "statement_id" = ?
      group by "artist_id", "artist_name"
      order by sum("revenue_micros") desc, "artist_name" asc, "artist_id" asc nulls last`,
    [tenantId, statement.id],
  );
  const artists: ArtistTotal[] = rows.map((row) => ({
    artistId: row.artist_id,
    artistName: row.artist_name,
    totalMicros: BigInt(row.total),
    lineCount: row.line_count,
  }));
  return { statement, artists };
};
