import { z } from 'zod';
import { API_REVISION } from './api.ts';

/** The envelope of every event on JetStream (and, later, of every webhook delivery). */
export const EventEnvelope = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  tenant_id: z.uuid().nullable(),
  occurred_at: z.iso.datetime({ offset: true }),
  api_version: z.string().default(API_REVISION),
  data: z.record(z.string(), z.unknown()),
});
export type EventEnvelope = z.infer<typeof EventEnvelope>;

/** An event type: its name and the schema of its `data`, shared by producer and consumers. */
export interface EventDefinition<TData extends z.ZodType> {
  readonly name: string;
  readonly data: TData;
}

export const defineEvent = <TData extends z.ZodType>(name: string, data: TData): EventDefinition<TData> => ({
  name,
  data,
});
