import type { EntityManager, EntityName, FilterQuery, QueryOrderMap } from '@mikro-orm/postgresql';
import type { CursorMeta, OffsetMeta, PaginationQuery } from '@sv/contracts';
import { ValidationError } from '../errors/domain-errors.ts';
import { cursorPage, decodeCursor, offsetMeta, requestedCursor } from '../http/pagination.ts';

/** How a sort key travels in a cursor and is checked when a client sends it back. */
export type SortKeyType = 'date' | 'uuid' | 'text' | 'integer';

/** The cursor types a property of this type may use; never for nullable or other types. */
type SortKeyTypeOf<V> = [V] extends [Date] ? 'date' : [V] extends [string] ? 'uuid' | 'text' : [V] extends [number] ? 'integer' : never;

/** One key of the list order: a non-null Date, string or number property of the entity. */
export type SortKey<T> = {
  [K in keyof T & string]: SortKeyTypeOf<T[K]> extends never
    ? never
    : { property: K; direction: 'asc' | 'desc'; type: SortKeyTypeOf<T[K]> };
}[keyof T & string];

export interface FindPageOptions<T> {
  query: PaginationQuery;
  /** The list order; together the keys must be unique (end with the id) for cursors to be exact. */
  order: readonly [SortKey<T>, ...SortKey<T>[]];
}

export interface FoundPage<T> {
  rows: T[];
  /** Every row in scope, whichever page was asked for. */
  total: number;
  meta: OffsetMeta | CursorMeta;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalidCursor = (): ValidationError => new ValidationError({ cursor: ['The cursor is invalid.'] });

/** A cursor value back as the value the query compares with, or the 422 when it cannot be one. */
const decodeValue = (value: unknown, type: SortKeyType): unknown => {
  switch (type) {
    case 'date': {
      const moment = typeof value === 'string' ? new Date(value) : undefined;
      if (!moment || Number.isNaN(moment.getTime())) throw invalidCursor();
      return moment;
    }
    case 'uuid':
      if (typeof value !== 'string' || !UUID.test(value)) throw invalidCursor();
      return value;
    case 'text':
      if (typeof value !== 'string') throw invalidCursor();
      return value;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) throw invalidCursor();
      return value;
  }
};

/** The value a row's sort key takes in a cursor: dates as ISO strings, the rest as they are. */
const encodeValue = (value: unknown, type: SortKeyType): unknown => (type === 'date' ? (value as Date).toISOString() : value);

/**
 * Rows strictly after the cursor's key in the list order: for keys k1..kn, the rows beyond it on
 * k1, or equal on k1 and beyond it on k2, and so on.
 */
const afterKey = (order: readonly { property: string; direction: 'asc' | 'desc' }[], values: unknown[]) => ({
  $or: order.map((key, index) => {
    const condition: Record<string, unknown> = {};
    for (let before = 0; before < index; before += 1) condition[order[before]!.property] = values[before];
    condition[key.property] = { [key.direction === 'asc' ? '$gt' : '$lt']: values[index] };
    return condition;
  }),
});

/**
 * One page of the rows of `entity` within `scope`, in the given order, in offset mode or in
 * cursor mode (the query decides). Cursors are the base64url JSON array of the last row's sort
 * keys; one that does not decode to values of the keys' types is a 422 on `cursor`.
 */
export const findPage = async <T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  scope: FilterQuery<NoInfer<T>>,
  options: FindPageOptions<T>,
): Promise<FoundPage<T>> => {
  const { query } = options;
  const order: readonly { property: string; direction: 'asc' | 'desc'; type: SortKeyType }[] = options.order;
  const orderBy = Object.fromEntries(order.map((key) => [key.property, key.direction])) as QueryOrderMap<T>;
  const total = await em.count(entity, scope);
  const cursor = requestedCursor(query);
  if (cursor === undefined) {
    const rows = await em.find(entity, scope, { orderBy, limit: query.per_page, offset: (query.page - 1) * query.per_page });
    return { rows: rows as T[], total, meta: offsetMeta(total, query) };
  }
  let where = scope;
  if (cursor !== '') {
    const values = decodeCursor(cursor, order.length).map((value, index) => decodeValue(value, order[index]!.type));
    where = { $and: [scope, afterKey(order, values)] } as FilterQuery<NoInfer<T>>;
  }
  const rowsPlusOne = (await em.find(entity, where, { orderBy, limit: query.per_page + 1 })) as T[];
  const page = cursorPage(rowsPlusOne, query.per_page, (row) =>
    order.map((key) => encodeValue((row as Record<string, unknown>)[key.property], key.type)),
  );
  return { rows: page.rows, total, meta: page.meta };
};
