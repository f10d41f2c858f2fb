import type pg from 'pg';

/* What the catalogue recorded in its outbox: the events a test expects a change to publish. */

export interface OutboxEvent {
  type: string;
  data: Record<string, any>;
}

/** The events whose data names `id` under `field` (e.g. release_id), oldest first. */
export const eventsOf = async (db: pg.Client, field: string, id: string): Promise<OutboxEvent[]> =>
  (
    await db.query<OutboxEvent>(
      `select "type", "envelope"->'data' as "data" from "catalogue"."outbox_event"
        where "envelope"->'data'->>$1 = $2 order by "created_at", "id"`,
      [field, id],
    )
  ).rows;

/** The data of the events of one type whose data names `id` under `field`, oldest first. */
export const eventsNaming = async (db: pg.Client, type: string, field: string, id: string): Promise<Record<string, any>[]> =>
  (await eventsOf(db, field, id)).filter((event) => event.type === type).map((event) => event.data);
