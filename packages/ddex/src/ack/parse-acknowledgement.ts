import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { decodeXmlText } from '../xml/xml-text.ts';
import { ErnAcknowledgementError, type AcknowledgedRelease, type AcknowledgedStatus, type ErnAcknowledgement } from './acknowledgement.ts';
import { statusFromText } from './status-words.ts';

/** Acknowledgements are small; anything larger is not one (and is not worth parsing). */
export const MAX_ACKNOWLEDGEMENT_BYTES = 1024 * 1024;

/** ERN-C 1.7's name for the message, and the shorter name ERN-C 1.8 gave the same structure. */
const ROOTS = ['ErnAcknowledgementStatusMessage', 'AcknowledgementMessage'];

// No entity is ever expanded: DOCTYPEs are refused before parsing, and the five predefined
// entities and character references are decoded by hand (decodeXmlText).
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  trimValues: true,
});

type Node = Record<string, unknown>;

/**
 * Reads an ERN acknowledgement (root element ErnAcknowledgementStatusMessage, or ERN-C 1.8's
 * AcknowledgementMessage, in any namespace): its MessageHeader and, per ReleaseStatus, the release id, the acknowledged
 * message id, the status and the error text. Throws ErnAcknowledgementError for anything
 * else: oversized input, a DOCTYPE, malformed XML, another root element, an unreadable status.
 */
export const parseErnAcknowledgement = (xml: string): ErnAcknowledgement => {
  if (Buffer.byteLength(xml, 'utf8') > MAX_ACKNOWLEDGEMENT_BYTES) {
    throw new ErnAcknowledgementError(`The acknowledgement is larger than ${MAX_ACKNOWLEDGEMENT_BYTES} bytes.`);
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new ErnAcknowledgementError('The acknowledgement declares a DOCTYPE or entities; refused.');
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) {
    throw new ErnAcknowledgementError(`The acknowledgement is not well-formed XML (line ${wellFormed.err.line}: ${wellFormed.err.msg}).`);
  }

  const document = parser.parse(xml) as Node;
  const roots = Object.keys(document);
  const root = roots[0];
  if (roots.length !== 1 || root === undefined || !ROOTS.includes(root)) {
    throw new ErnAcknowledgementError(`Expected an ${ROOTS[0]}, found <${roots.join('>, <') || 'nothing'}>.`);
  }
  const message = asNode(document[root]);
  const header = asNode(message.MessageHeader);
  return {
    message_id: text(header.MessageId),
    created_at: text(header.MessageCreatedDateTime),
    releases: asArray(message.ReleaseStatus).map((entry) => readRelease(asNode(entry))),
  };
};

const readRelease = (entry: Node): AcknowledgedRelease => {
  const releaseId = asNode(entry.ReleaseId);
  const release_id = text(releaseId.ICPN) ?? text(releaseId.GRid) ?? text(releaseId.ProprietaryId) ?? text(releaseId.CatalogNumber);
  if (release_id === null) throw new ErnAcknowledgementError('A ReleaseStatus names no release (no ICPN, GRid or ProprietaryId).');

  const acknowledgements = asArray(entry.Acknowledgement).map(asNode);
  const messageStatuses = acknowledgements.flatMap((acknowledgement) => asArray(acknowledgement.MessageStatus).map(asNode));
  const releaseStatus = statusText(entry.ReleaseStatus) ?? text(entry.Status);
  const messageStatusTexts = messageStatuses.map((status) => text(status.Status)).filter((value) => value !== null);

  return {
    release_id,
    acknowledged_message_id:
      acknowledgements.map((acknowledgement) => text(acknowledgement.MessageId)).find((id) => id !== null) ??
      text(entry.AcknowledgedMessageId) ??
      text(entry.MessageId),
    status: combinedStatus(release_id, releaseStatus, messageStatusTexts),
    error_text:
      text(entry.ErrorText) ??
      messageStatuses.map((status) => text(status.StatusMessage) ?? text(status.Information)).find((value) => value !== null) ??
      null,
  };
};

/**
 * A rejection anywhere wins; otherwise the release's own status (live, updated, taken down…)
 * says more than the file-level one (FileOK), which is used when the release gives none.
 */
const combinedStatus = (releaseId: string, releaseStatus: string | null, messageStatuses: string[]): AcknowledgedStatus => {
  const texts = [releaseStatus, ...messageStatuses].filter((value) => value !== null);
  const statuses = texts.map(statusFromText);
  if (statuses.includes('rejected')) return 'rejected';
  const known = statuses.find((status) => status !== undefined);
  if (known === undefined) {
    throw new ErnAcknowledgementError(`Release ${releaseId}: unknown status ${texts.map((t) => `"${t}"`).join(', ') || '(none given)'}.`);
  }
  return known;
};

/** DDEX's `<ReleaseStatus UserDefinedValue="…">UserDefined</ReleaseStatus>` carries its meaning in the attribute. */
const statusText = (value: unknown): string | null => {
  const node = isNode(value) ? value : null;
  const plain = text(value);
  if (plain === 'UserDefined' && node) return text(node['@_UserDefinedValue']) ?? plain;
  return plain;
};

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

const asNode = (value: unknown): Node => {
  const first = Array.isArray(value) ? value[0] : value;
  return isNode(first) ? first : {};
};

const asArray = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** The text of a leaf (attributes or not), decoded and trimmed; null when absent or blank. */
const text = (value: unknown): string | null => {
  const first = Array.isArray(value) ? value[0] : value;
  const raw = isNode(first) ? first['#text'] : first;
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const decoded = decodeXmlText(String(raw)).trim();
  return decoded === '' ? null : decoded;
};
