import type { ErnElement } from './ern-element.ts';
import type { IngestedErnMessage } from './ingested-message.ts';

type HeaderFields = Pick<IngestedErnMessage, 'messageId' | 'threadId' | 'senderPartyId' | 'senderName' | 'createdAt'>;

/** The MessageHeader, the same in every version (3.8.2 allows several sender PartyIds: the first is used). */
export const headerOf = (root: ErnElement): HeaderFields => {
  const header = root.child('MessageHeader');
  const threadId = header?.textAt('MessageThreadId');
  const senderName = header?.textAt('MessageSender', 'PartyName', 'FullName');
  const createdAt = header?.textAt('MessageCreatedDateTime');
  return {
    messageId: header?.textAt('MessageId') ?? '',
    ...(threadId === undefined ? {} : { threadId }),
    senderPartyId: header?.textAt('MessageSender', 'PartyId') ?? '',
    ...(senderName === undefined ? {} : { senderName }),
    ...(createdAt === undefined ? {} : { createdAt }),
  };
};
