import { z } from 'zod';
import { CursorMeta, OffsetMeta } from '../../pagination.ts';

/** The `meta` of a paginated list: offset mode by default, cursor mode when a cursor is sent. */
export const PageMetaSchema = z.discriminatedUnion('mode', [OffsetMeta, CursorMeta]);

/** A resource-keyed page: `{<key>: [...], total, meta}` (e.g. `{artists, total, meta}`). */
export const pagedList = <TItem extends z.ZodType>(key: string, item: TItem) =>
  z.object({ [key]: z.array(item), total: z.number().int().nonnegative(), meta: PageMetaSchema });

/** The envelope shape: `{success: true, data}`. */
export const envelope = <TData extends z.ZodType>(data: TData) => z.object({ success: z.literal(true), data });

/** A paginated list in the envelope shape: `{success: true, data: [...], meta}`. */
export const envelopeList = <TItem extends z.ZodType>(item: TItem) =>
  z.object({ success: z.literal(true), data: z.array(item), meta: PageMetaSchema });

/** `{success: true, message}`: an action that has nothing to show but its outcome. */
export const SuccessMessageReply = z.object({ success: z.literal(true), message: z.string() });

/**
 * The spec's error body. `errors` maps field paths to messages on 422 (and carries the version
 * facts on an unsupported version); a 500 adds `reference`. The overdue-invoice 402 is exactly
 * `{error}`, so `success` may be absent.
 */
export const ErrorReplyBody = z.object({
  success: z.literal(false).optional(),
  error: z.string(),
  errors: z.record(z.string(), z.unknown()).optional(),
  reference: z.string().optional(),
});

/** Timestamps are ISO 8601 UTC strings. */
export const isoTimestamp = z.string();
export const nullableIsoTimestamp = z.string().nullable();
