import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { percentageInMillionths, type Principal, type SplitPayeeType, type SplitsBody } from '@sv/contracts';
import { TrackSplit } from '../../db/entities/track-split.entity.ts';
import type { CataloguePort, PayeeRecord } from '../catalogue-port.ts';
import { DuplicatePayeeError, UnknownPayeeError } from './splits.errors.ts';

type SplitRow = SplitsBody['splits'][number];

const PAYEE_FIELDS = { artist: 'artist_id', user: 'user_id', writer: 'writer_id' } as const satisfies Record<PayeeRecord, keyof SplitRow>;

const payeeOf = (row: SplitRow): { type: SplitPayeeType; id: string | null } => {
  if (row.artist_id) return { type: 'artist', id: row.artist_id };
  if (row.user_id) return { type: 'user', id: row.user_id };
  if (row.writer_id) return { type: 'writer', id: row.writer_id };
  return { type: 'external', id: null };
};

/** One row per payee: an artist, user or writer by id, an external payee by email. */
const assertPayeesDistinct = (rows: SplitRow[]): void => {
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const payee = payeeOf(row);
    const key = payee.id ? `${payee.type}:${payee.id}` : `external:${row.email!.toLowerCase()}`;
    if (seen.has(key)) throw new DuplicatePayeeError(payee.id ? `splits.${index}.${PAYEE_FIELDS[payee.type as PayeeRecord]}` : `splits.${index}.email`);
    seen.add(key);
  });
};

/** Every named artist, user and writer must be the caller's workspace's own. */
const assertPayeesKnown = async (catalogue: CataloguePort, principal: Principal, rows: SplitRow[]): Promise<void> => {
  const checks = rows.map(async (row, index) => {
    const payee = payeeOf(row);
    if (payee.type === 'external' || !payee.id) return null;
    const field = PAYEE_FIELDS[payee.type];
    return (await catalogue.payeeExists(principal, payee.type, payee.id)) ? null : [`splits.${index}.${field}`, [`No ${payee.type} with this ${field} in this workspace.`]];
  });
  const problems = (await Promise.all(checks)).filter((problem): problem is [string, string[]] => problem !== null);
  if (problems.length > 0) throw new UnknownPayeeError(Object.fromEntries(problems));
};

/** The split in force for a track, in its order; empty until one is set. */
export const splitsOfTrack = (em: EntityManager, tenantId: string, trackId: string): Promise<TrackSplit[]> =>
  em.find(TrackSplit, { tenantId, trackId, deletedAt: null }, { orderBy: { position: 'asc' } });

/** GET /tracks/{uuid}/splits: the caller must be able to see the track. */
export const readSplits = async (em: EntityManager, catalogue: CataloguePort, principal: Principal, trackId: string): Promise<TrackSplit[]> => {
  await catalogue.track(principal, trackId);
  return splitsOfTrack(em, principal.tenant_id, trackId);
};

/**
 * PUT /tracks/{uuid}/splits: replaces the track's split as a whole. The rows replaced stay, soft-deleted,
 * and a track's writes are serialised so two replacements never interleave their rows.
 */
export const replaceSplits = async (
  em: EntityManager,
  catalogue: CataloguePort,
  principal: Principal,
  trackId: string,
  body: SplitsBody,
): Promise<TrackSplit[]> => {
  const track = await catalogue.track(principal, trackId);
  assertPayeesDistinct(body.splits);
  await assertPayeesKnown(catalogue, principal, body.splits);
  const tenantId = principal.tenant_id;
  return em.transactional(async (tx) => {
    await tx.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`royalties.splits:${tenantId}:${track.id}`]);
    const now = new Date();
    await tx.nativeUpdate(TrackSplit, { tenantId, trackId: track.id, deletedAt: null }, { deletedAt: now });
    return body.splits.map((row, position) => {
      const payee = payeeOf(row);
      return tx.create(TrackSplit, {
        id: randomUUID(),
        tenantId,
        trackId: track.id,
        position,
        payeeType: payee.type,
        artistId: payee.type === 'artist' ? payee.id : null,
        userId: payee.type === 'user' ? payee.id : null,
        writerId: payee.type === 'writer' ? payee.id : null,
        name: row.name,
        email: row.email ?? null,
        shareMillionths: percentageInMillionths(row.percentage),
        createdAt: now,
        deletedAt: null,
      });
    });
  });
};
