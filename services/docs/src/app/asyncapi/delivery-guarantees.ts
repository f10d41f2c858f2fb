import { PubHeaders } from '@nats-io/jetstream';
import { EVENT_DUPLICATE_WINDOW_MS, EVENT_RETENTION_MS } from '@sv/platform';
import { durationText } from './duration-text.ts';

/** The document's description: what a subscriber can rely on, read from the stream's real settings. */
export const deliveryGuarantees = (): string => {
  const window = durationText(EVENT_DUPLICATE_WINDOW_MS);
  const retention = durationText(EVENT_RETENTION_MS);
  return `The events the platform's services publish on NATS JetStream, for the internal services and teams that consume them.
Generated from the event and subject contracts (\`packages/contracts\`).

## Delivery

- **At least once.** A service records an event in the same database transaction as the change it describes
  and a relay publishes it after the commit, retrying until JetStream confirms. Once the change has committed its event is
  not lost, and it may arrive more than once.
- **De-duplicated by event id within ${window}.** The relay publishes with \`${PubHeaders.MsgIdHdr}\` set to the event id
  (the envelope \`id\`); the stream drops a repeat within its duplicate window of ${window}. A repeat after
  that, or a redelivery to your consumer, arrives again.
- **Consumers must be idempotent.** Record the event id in the same transaction as your own change (an
  inbox) and ignore an id already recorded. Acknowledge only after your own commit: an event acknowledged
  before it has been applied is lost to you if you crash.
- **Kept for ${retention}.** The stream keeps every event for ${retention} whether or not it has been acknowledged
  (limits retention), so a new durable consumer can start from the beginning of that period.
- **Ordered per subject, as stored.** A consumer receives events in the order the stream stored them, so
  events of one subject arrive in publish order; a redelivery (an event not acknowledged within the
  consumer's ack wait) comes after later ones. Keep \`max_ack_pending\` at 1 where strict order matters, or
  order by the envelope's \`occurred_at\`.

## Messages

Each message is the JSON event envelope (\`EventEnvelope\` in \`packages/contracts/src/events.ts\`) with the
event's payload in \`data\`; \`api_version\` is the payload contract's revision, this document's version.

## Subscribing

Create a durable pull consumer with explicit acknowledgement on your environment's stream (the server's
\`x-jetstream-stream\`), its filter subject the channel's address (or a pattern of them). Validate each message
against its schema before trusting it.

The durable-consumer contract of an internal subscriber (credentials from the operator command
\`bus subscriber\`, security scheme \`natsNkey\`, guide in docs/subscribers.md):

- connect with your nkey and the inbox prefix \`_INBOX.subscriber.<name>\`;
- create the consumer with the new consumer API (name in the subject: nats.js \`jsm.consumers.add\` with
  \`durable_name\` and one \`filter_subject\` within your \`--events\`), named as one of your \`--consumers\`;
- pull, apply, commit, then acknowledge; de-duplicate on \`${PubHeaders.MsgIdHdr}\` (the envelope \`id\`);
- the consumer survives your restarts and resumes after the last acknowledged event.`;
};
