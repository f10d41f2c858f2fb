import { ERN_NAMESPACES, ERN_VERSIONS, type ErnVersion } from '../ern-version.ts';

export type ErnMessageKind = 'NewReleaseMessage' | 'PurgeReleaseMessage';

export interface DetectedErnMessage {
  version: ErnVersion;
  kind: ErnMessageKind;
}

/**
 * Only the start of the text is looked at: the prolog (XML declaration, comments, processing
 * instructions) and the root element's start tag must fit in it. Real messages need a few
 * hundred characters; anything that does not fit is not a message we read.
 */
const DETECTION_WINDOW = 64 * 1024;

/** Every ERN version's schema declares both messages (4.2 and 4.3 kept the PurgeReleaseMessage of 3.8.2). */
const KINDS: readonly string[] = ['NewReleaseMessage', 'PurgeReleaseMessage'] satisfies ErnMessageKind[];

/** What may precede the root element: white space, comments and processing instructions (the XML declaration is one). */
const PROLOG_ITEM = /\s+|<!--[\s\S]*?-->|<\?[\s\S]*?\?>/y;
const ROOT_START_TAG = /<([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*\/?>/y;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/g;

const versionOf = (namespace: string | undefined): ErnVersion | undefined =>
  ERN_VERSIONS.find((version) => ERN_NAMESPACES[version] === namespace);

/**
 * The ERN version and message of a document, from its root element's local name and
 * namespace URI (any prefix, or none); null for anything else: another root or namespace, an
 * unsupported version, a DOCTYPE before the root, or no root start tag near the beginning.
 */
export const detectErnMessage = (xml: string): DetectedErnMessage | null => {
  const head = xml.slice(0, DETECTION_WINDOW).replace(/^\uFEFF/, '');
  let position = 0;
  for (;;) {
    PROLOG_ITEM.lastIndex = position;
    if (PROLOG_ITEM.exec(head) === null) break;
    position = PROLOG_ITEM.lastIndex;
  }
  ROOT_START_TAG.lastIndex = position;
  const root = ROOT_START_TAG.exec(head);
  if (root === null) return null;
  const [, qualifiedName = '', attributes = ''] = root;
  const separator = qualifiedName.indexOf(':');
  const prefix = separator === -1 ? null : qualifiedName.slice(0, separator);
  const localName = qualifiedName.slice(separator + 1);
  if (!KINDS.includes(localName)) return null;

  const declared = new Map<string, string>();
  for (const [, name = '', doubleQuoted, singleQuoted] of attributes.matchAll(ATTRIBUTE)) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) declared.set(name, (doubleQuoted ?? singleQuoted ?? '').trim());
  }
  const version = versionOf(declared.get(prefix === null ? 'xmlns' : `xmlns:${prefix}`));
  return version === undefined ? null : { version, kind: localName as ErnMessageKind };
};
