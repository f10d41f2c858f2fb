import type { EntityManager } from '@mikro-orm/postgresql';
import type { SplitShare } from '../allocation/payee-allocation.ts';
import type { SplitsByReport } from './payee-breakdown.ts';

/**
 * SQL: split row `t` was the track's split when report `s` was approved. A PUT soft-deletes the set
 * it replaces and writes the new one with one timestamp, so exactly one set (or none) matches.
 */
export const splitInForceAtApproval = (t: string, s: string): string =>
  `${t}."created_at" <= ${s}."approved_at" and (${t}."deleted_at" is null or ${t}."deleted_at" > ${s}."approved_at")`;

interface SplitQueryRow {
  statement_id: string;
  track_id: string;
  payee_type: SplitShare['payeeType'];
  artist_id: string | null;
  user_id: string | null;
  writer_id: string | null;
  name: string;
  email: string | null;
  share_millionths: number;
}

/** A Postgres array literal of uuids, bound as one parameter whatever their number. */
const uuidArray = (ids: Iterable<string>): string => `{${[...new Set(ids)].join(',')}}`;

/** For these reports and tracks, the split each report's approval applied to each track, in its row order, in one query. */
export const splitsAtApproval = async (em: EntityManager, tenantId: string, statementIds: readonly string[], trackIds: readonly string[]): Promise<SplitsByReport> => {
  const splits = new Map<string, Map<string, SplitShare[]>>();
  if (statementIds.length === 0 || trackIds.length === 0) return splits;
  const rows = await em.execute<SplitQueryRow[]>(
    `select s."id" as "statement_id", t."track_id", t."payee_type", t."artist_id", t."user_id", t."writer_id", t."name", t."email", t."share_millionths"
       from "royalties"."royalty_statement" s
       join "royalties"."track_split" t on t."tenant_id" = s."tenant_id" and ${splitInForceAtApproval('t', 's')}
      where s."tenant_id" = ? and s."id" = any(?::uuid[]) and t."track_id" = any(?::uuid[])
      order by s."id", t."track_id", t."position"`,
    [tenantId, uuidArray(statementIds), uuidArray(trackIds)],
  );
  for (const row of rows) {
    const byTrack = splits.get(row.statement_id) ?? new Map<string, SplitShare[]>();
    const split = byTrack.get(row.track_id) ?? [];
    split.push({
      payeeType: row.payee_type,
      artistId: row.artist_id,
      userId: row.user_id,
      writerId: row.writer_id,
      name: row.name,
      email: row.email,
      shareMillionths: row.share_millionths,
    });
    byTrack.set(row.track_id, split);
    splits.set(row.statement_id, byTrack);
  }
  return splits;
};
