import type { CursorMeta, OffsetMeta, PaginationQuery } from '@sv/contracts';
import { ValidationError } from '../errors/domain-errors.ts';

/** Opaque cursor: base64url JSON of the sort key of the last row returned. */
export const encodeCursor = (key: unknown[]): string => Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');

export const decodeCursor = (cursor: string, arity: number): unknown[] => {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(key) && key.length === arity) return key;
  } catch {
    // fall through to the validation error
  }
  throw new ValidationError({ cursor: ['The cursor is invalid.'] });
};

/**
 * The cursor to continue from in cursor mode: '' for the first page (`cursor=` or
 * `mode=cursor`), undefined in offset mode.
 */
export const requestedCursor = (query: PaginationQuery): string | undefined =>
  query.cursor !== undefined ? query.cursor : query.mode === 'cursor' ? '' : undefined;

export const offsetMeta = (total: number, query: PaginationQuery): OffsetMeta => ({
  mode: 'offset',
  total,
  per_page: query.per_page,
  current_page: query.page,
  last_page: Math.max(1, Math.ceil(total / query.per_page)),
});

/**
 * Builds cursor meta from a page fetched with one extra row: the extra row only tells whether
 * more exist, and the cursor is the key of the last row actually returned.
 */
export const cursorPage = <TRow>(
  rowsPlusOne: TRow[],
  perPage: number,
  keyOf: (row: TRow) => unknown[],
): { rows: TRow[]; meta: CursorMeta } => {
  const hasMore = rowsPlusOne.length > perPage;
  const rows = hasMore ? rowsPlusOne.slice(0, perPage) : rowsPlusOne;
  const last = rows.at(-1);
  return {
    rows,
    meta: {
      mode: 'cursor',
      per_page: perPage,
      next_cursor: hasMore && last !== undefined ? encodeCursor(keyOf(last)) : null,
      has_more: hasMore,
    },
  };
};
