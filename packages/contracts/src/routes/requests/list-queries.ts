import { z } from 'zod';
import { paginationQuery } from '../../pagination.ts';
import { RELEASE_STATUSES, RELEASE_TYPES } from '../../releases.ts';
import { VideoStatus } from '../../videos.ts';

/** Lists of 50 a page unless a list says otherwise (spec, Pagination 3). */
export const DefaultListQuery = paginationQuery({ defaultPerPage: 50 });

/** `status=draft,pending` or `status=draft&status=pending`; every value must be one of `allowed`. */
const listFilter = <TValue extends string>(allowed: readonly TValue[], field: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((item) => item.split(','))
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    )
    .refine((values) => values.every((value) => (allowed as readonly string[]).includes(value)), `The selected ${field} is invalid.`)
    .transform((values) => values as TValue[])
    .optional();

/** GET /releases: 20 a page (the spec's documented default), filtered by status and type. */
export const ListReleasesQuery = paginationQuery({ defaultPerPage: 20 }).extend({
  status: listFilter(RELEASE_STATUSES, 'status'),
  type: listFilter(RELEASE_TYPES, 'type'),
});
export type ListReleasesQuery = z.infer<typeof ListReleasesQuery>;

export const ListArtistsQuery = paginationQuery({ defaultPerPage: 50 }).extend({
  status: z.enum(['active', 'inactive']).optional(),
});
export type ListArtistsQuery = z.infer<typeof ListArtistsQuery>;

export const ListVideosQuery = paginationQuery({ defaultPerPage: 50 }).extend({ status: VideoStatus.optional() });
export type ListVideosQuery = z.infer<typeof ListVideosQuery>;
