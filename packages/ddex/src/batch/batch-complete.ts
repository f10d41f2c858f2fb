import type { DeliveryKind } from '@sv/contracts';
import { ERN_CHOREOGRAPHY_NAMESPACE, ERN_CHOREOGRAPHY_VERSION } from '../choreography.ts';
import type { ErnParty } from '../ern/build-input.ts';
import { writeMessagingParty } from '../ern/message-header.ts';
import { XmlWriter } from '../xml/xml-writer.ts';

/*
 * The end-of-batch signal of the DDEX cloud (SFTP) choreography, batch profile. A batch is a
 * folder holding one folder per release (its NewReleaseMessage and `resources/`); only once
 * every file is uploaded does the sender place `BatchComplete_<BatchId>.xml` in the batch
 * folder, and the store starts ingesting when it sees it. The file is the choreography's
 * ManifestMessage: header, test flag, root directory, the number of messages and, per
 * message, its type, id, URL, release id, delivery type, product type and MD5.
 */

export interface BatchMessage {
  message_id: string;
  kind: DeliveryKind;
  /** The release's ICPN (UPC). */
  release_id: string;
  /** The message's path relative to the batch folder, e.g. `0123456789012/0123456789012.xml`. */
  url: string;
  /** MD5 (hex) of the message file. */
  md5: string;
}

export interface BatchCompleteInput {
  /** ISO 8601 date-time. */
  created_at: string;
  sender: ErnParty;
  recipient: ErnParty;
  /** True for TestMessage batches (the sandbox). */
  test: boolean;
  messages: BatchMessage[];
}

/** MessageActionType per delivery kind: a new release, a redelivery (update), a takedown. */
const DELIVERY_TYPES: Readonly<Record<DeliveryKind, string>> = {
  new: 'NewReleaseDelivery',
  update: 'ReDelivery',
  takedown: 'TakeDown',
};

export const batchCompleteFileName = (batch_id: string): string => `BatchComplete_${batch_id}.xml`;

/** The content of `BatchComplete_<BatchId>.xml` for the batch; its messages in the order given. */
export const buildBatchComplete = (batch_id: string, input: BatchCompleteInput): string => {
  if (input.messages.length === 0) throw new Error(`Batch ${batch_id} has no messages.`);
  const w = new XmlWriter();
  w.open('echo:ManifestMessage', { 'xmlns:echo': ERN_CHOREOGRAPHY_NAMESPACE, MessageVersionId: ERN_CHOREOGRAPHY_VERSION });
  w.open('MessageHeader');
  writeMessagingParty(w, 'MessageSender', input.sender);
  writeMessagingParty(w, 'MessageRecipient', input.recipient);
  w.leaf('MessageCreatedDateTime', input.created_at).close('MessageHeader');
  w.leaf('IsTestFlag', input.test);
  w.leaf('RootDirectory', batch_id);
  w.leaf('NumberOfMessages', input.messages.length);
  for (const message of input.messages) {
    w.open('MessageInBatch');
    w.leaf('MessageType', 'NewReleaseMessage').leaf('MessageId', message.message_id).leaf('URL', message.url);
    w.open('IncludedReleaseId').leaf('ICPN', message.release_id).close('IncludedReleaseId');
    w.leaf('DeliveryType', DELIVERY_TYPES[message.kind]).leaf('ProductType', 'AudioProduct');
    w.open('HashSum').leaf('HashSum', message.md5.toLowerCase()).leaf('HashSumAlgorithmType', 'MD5').close('HashSum');
    w.close('MessageInBatch');
  }
  w.close('echo:ManifestMessage');
  return w.toString();
};
