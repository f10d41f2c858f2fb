import type { EntityName, EventArgs, EventSubscriber, MikroORM, TransactionEventArgs } from '@mikro-orm/postgresql';

export interface CommitWake {
  /** Stops calling back (the ORM keeps the subscriber, silenced: MikroORM cannot unregister one). */
  stop(): void;
}

/**
 * Calls `onCommit` when a transaction (a flush is one) that created rows of `entities` commits,
 * not before: the new work is visible to a worker's claim exactly when this fires. A queue's
 * `wake()` goes here, so work leaves within milliseconds while the timed poll stays slow (it
 * only covers rows written by another replica, or left behind by a failure).
 */
export const wakeOnCommit = (orm: MikroORM, entities: EntityName[], onCommit: () => void): CommitWake => {
  const writers = new WeakSet<object>();
  let on = true;
  const subscriber: EventSubscriber = {
    getSubscribedEntities: () => entities,
    afterCreate(args: EventArgs<unknown>) {
      writers.add(args.em);
    },
    afterTransactionCommit(args: TransactionEventArgs) {
      if (!writers.has(args.em)) return;
      writers.delete(args.em);
      if (on) onCommit();
    },
    afterTransactionRollback(args: TransactionEventArgs) {
      writers.delete(args.em);
    },
  };
  orm.em.getEventManager().registerSubscriber(subscriber);
  return {
    stop() {
      on = false;
    },
  };
};
