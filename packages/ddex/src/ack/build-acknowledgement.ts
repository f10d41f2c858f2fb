import type { ErnParty } from '../ern/build-input.ts';
import { writeMessagingParty } from '../ern/message-header.ts';
import { XmlWriter } from '../xml/xml-writer.ts';
import { ERN_CHOREOGRAPHY_NAMESPACE, ERN_CHOREOGRAPHY_VERSION } from '../choreography.ts';
import type { AcknowledgedStatus } from './acknowledgement.ts';

export interface ErnAcknowledgementInput {
  message_id: string;
  /** ISO 8601 date-time. */
  created_at: string;
  /** The store. */
  sender: ErnParty;
  /** The platform. */
  recipient: ErnParty;
  releases: {
    release_id: string;
    acknowledged_message_id: string;
    status: AcknowledgedStatus;
    error_text?: string | null;
  }[];
}

/** The release status words written for each status; parseErnAcknowledgement reads them back. */
const RELEASE_STATUS: Readonly<Record<AcknowledgedStatus, string>> = {
  accepted: 'Accepted',
  live: 'Live',
  updated: 'Updated',
  taken_down: 'TakenDown',
  rejected: 'Rejected',
};

/**
 * An ErnAcknowledgementStatusMessage as a store writes one: a MessageHeader, then per release
 * its ICPN, its status, the error text, and the acknowledged message with FileOK or FileNotOK.
 * Used as the simulated store in tests and the sandbox.
 */
export const buildErnAcknowledgement = (input: ErnAcknowledgementInput): string => {
  const w = new XmlWriter();
  w.open('echo:ErnAcknowledgementStatusMessage', { 'xmlns:echo': ERN_CHOREOGRAPHY_NAMESPACE, MessageVersionId: ERN_CHOREOGRAPHY_VERSION });
  w.open('MessageHeader').leaf('MessageId', input.message_id);
  writeMessagingParty(w, 'MessageSender', input.sender);
  writeMessagingParty(w, 'MessageRecipient', input.recipient);
  w.leaf('MessageCreatedDateTime', input.created_at).close('MessageHeader');
  for (const release of input.releases) {
    w.open('ReleaseStatus');
    w.open('ReleaseId').leaf('ICPN', release.release_id).close('ReleaseId');
    w.leaf('ReleaseStatus', RELEASE_STATUS[release.status]);
    w.optionalLeaf('ErrorText', release.error_text);
    w.open('Acknowledgement').leaf('MessageType', 'NewReleaseMessage').leaf('MessageId', release.acknowledged_message_id);
    w.open('MessageStatus').leaf('Status', release.status === 'rejected' ? 'FileNotOK' : 'FileOK').close('MessageStatus');
    w.close('Acknowledgement');
    w.close('ReleaseStatus');
  }
  w.close('echo:ErnAcknowledgementStatusMessage');
  return w.toString();
};
