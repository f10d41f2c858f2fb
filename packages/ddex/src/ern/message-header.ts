import type { XmlWriter } from '../xml/xml-writer.ts';
import type { ErnBuildInput, ErnParty } from './build-input.ts';

/**
 * MessageHeader: the platform sends, on behalf of the release's tenant, to the store. The
 * thread id is the release's UPC, so every message about one release shares a thread.
 */
export const writeMessageHeader = (w: XmlWriter, input: ErnBuildInput): void => {
  w.open('MessageHeader');
  w.leaf('MessageThreadId', input.release.upc);
  w.leaf('MessageId', input.message_id);
  writeMessagingParty(w, 'MessageSender', input.sender);
  writeMessagingParty(w, 'SentOnBehalfOf', input.sent_on_behalf_of);
  writeMessagingParty(w, 'MessageRecipient', input.recipient);
  w.leaf('MessageCreatedDateTime', input.created_at);
  w.leaf('MessageControlType', input.control);
  w.close('MessageHeader');
};

export const writeMessagingParty = (w: XmlWriter, element: string, party: ErnParty): void => {
  w.open(element).leaf('PartyId', party.party_id);
  w.open('PartyName').leaf('FullName', party.name).close('PartyName');
  w.close(element);
};
