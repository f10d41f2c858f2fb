import { z } from 'zod';

/**
 * List query of the spec's Conventions: offset mode (page, per_page) by default, cursor mode
 * when `cursor` is present. An empty `cursor=` (or `mode=cursor`) starts a cursor walk at the
 * first row. per_page is 1..max (100 unless an endpoint allows more).
 */
export const paginationQuery = (options: { defaultPerPage?: number; maxPerPage?: number } = {}) => {
  const max = options.maxPerPage ?? 100;
  return z.object({
    page: z.coerce.number().int().min(1, 'The page must be at least 1.').default(1),
    per_page: z.coerce
      .number()
      .int()
      .min(1, 'The per_page must be at least 1.')
      .max(max, `The per_page may not be greater than ${max}.`)
      .default(options.defaultPerPage ?? 50),
    cursor: z.string().max(1024).optional(),
    mode: z.enum(['offset', 'cursor']).optional(),
  });
};
export type PaginationQuery = z.infer<ReturnType<typeof paginationQuery>>;

export const OffsetMeta = z.object({
  mode: z.literal('offset'),
  total: z.number().int(),
  per_page: z.number().int(),
  current_page: z.number().int(),
  last_page: z.number().int(),
});
export type OffsetMeta = z.infer<typeof OffsetMeta>;

export const CursorMeta = z.object({
  mode: z.literal('cursor'),
  per_page: z.number().int(),
  next_cursor: z.string().nullable(),
  has_more: z.boolean(),
});
export type CursorMeta = z.infer<typeof CursorMeta>;
export type PageMeta = OffsetMeta | CursorMeta;
