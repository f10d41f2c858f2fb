import { paginationQuery } from '@sv/contracts';
import { ValidationError, cursorPage, decodeCursor, encodeCursor, offsetMeta, requestedCursor } from '../src/index.ts';

const query = (input: Record<string, string> = {}) => paginationQuery().parse(input);

const validationFields = (fn: () => unknown): Record<string, string[]> | undefined => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).fields;
  }
  throw new Error('expected a ValidationError');
};

describe('cursor encoding', () => {
  it('round-trips a sort key through an opaque, URL-safe cursor', () => {
    const key = ['beyoncé & co/+', '3f1c5f7e-8a44-4c1b-9f39-1d2f0b6c7a10'];
    const cursor = encodeCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain('beyonc');
    expect(decodeCursor(cursor, 2)).toEqual(key);
  });

  it('round-trips keys of other shapes and arities', () => {
    expect(decodeCursor(encodeCursor([42]), 1)).toEqual([42]);
    expect(decodeCursor(encodeCursor(['a', 1, null]), 3)).toEqual(['a', 1, null]);
  });

  it.each([
    ['not base64 json', '!!!'],
    ['base64 of text that is not JSON', Buffer.from('hello', 'utf8').toString('base64url')],
    ['JSON that is not an array', Buffer.from('{"a":1}', 'utf8').toString('base64url')],
    ['an array of the wrong arity', encodeCursor(['only one'])],
    ['an empty string', ''],
  ])('rejects %s with a 422 on the cursor field', (_label, cursor) => {
    expect(validationFields(() => decodeCursor(cursor, 2))).toEqual({ cursor: ['The cursor is invalid.'] });
  });
});

describe('offset meta', () => {
  it.each([
    [0, 50, 1, 1],
    [1, 50, 1, 1],
    [50, 50, 1, 1],
    [51, 50, 1, 2],
    [100, 20, 3, 5],
    [101, 20, 6, 6],
    [7, 1, 2, 7],
  ])('total %i, per_page %i, page %i → last_page %i', (total, perPage, page, lastPage) => {
    expect(offsetMeta(total, query({ per_page: String(perPage), page: String(page) }))).toEqual({
      mode: 'offset',
      total,
      per_page: perPage,
      current_page: page,
      last_page: lastPage,
    });
  });
});

describe('cursor page', () => {
  const rows = [
    { name: 'a', id: '1' },
    { name: 'b', id: '2' },
    { name: 'c', id: '3' },
  ];
  const keyOf = (row: { name: string; id: string }) => [row.name, row.id];

  it('has more when the extra row came back; the cursor is the key of the last row returned', () => {
    const page = cursorPage(rows, 2, keyOf);
    expect(page.rows).toEqual(rows.slice(0, 2));
    expect(page.meta).toEqual({ mode: 'cursor', per_page: 2, next_cursor: encodeCursor(['b', '2']), has_more: true });
    expect(decodeCursor(page.meta.next_cursor ?? '', 2)).toEqual(['b', '2']);
  });

  it('has no more (and no cursor) when the page is not full or exactly full', () => {
    expect(cursorPage(rows, 3, keyOf)).toEqual({ rows, meta: { mode: 'cursor', per_page: 3, next_cursor: null, has_more: false } });
    expect(cursorPage(rows, 5, keyOf).meta).toEqual({ mode: 'cursor', per_page: 5, next_cursor: null, has_more: false });
    expect(cursorPage([], 5, keyOf)).toEqual({ rows: [], meta: { mode: 'cursor', per_page: 5, next_cursor: null, has_more: false } });
  });
});

describe('pagination query', () => {
  it('defaults to offset mode, page 1, per_page 50 (or the endpoint default)', () => {
    expect(query()).toEqual({ page: 1, per_page: 50 });
    expect(paginationQuery({ defaultPerPage: 20 }).parse({})).toEqual({ page: 1, per_page: 20 });
    expect(requestedCursor(query())).toBeUndefined();
  });

  it('accepts per_page 1 to 100 and refuses 0 and 101', () => {
    expect(query({ per_page: '1' }).per_page).toBe(1);
    expect(query({ per_page: '100' }).per_page).toBe(100);
    expect(paginationQuery().safeParse({ per_page: '0' }).success).toBe(false);
    expect(paginationQuery().safeParse({ per_page: '101' }).success).toBe(false);
    expect(paginationQuery({ maxPerPage: 500 }).safeParse({ per_page: '500' }).success).toBe(true);
  });

  it('is in cursor mode when a cursor is given; an empty cursor or mode=cursor starts at the first row', () => {
    expect(requestedCursor(query({ cursor: 'abc' }))).toBe('abc');
    expect(requestedCursor(query({ cursor: '' }))).toBe('');
    expect(requestedCursor(query({ mode: 'cursor' }))).toBe('');
    expect(requestedCursor(query({ mode: 'offset' }))).toBeUndefined();
  });
});
