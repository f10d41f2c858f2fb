import { ERN_NAMESPACES } from '../src/ern-version.ts';
import { detectErnMessage } from '../src/read/index.ts';
import { allSamples } from './support/ern-samples.ts';

const root = (name: string, attributes: string, prolog = '<?xml version="1.0" encoding="UTF-8"?>\n'): string =>
  `${prolog}<${name} ${attributes}><MessageHeader/></${name}>`;

describe('detectErnMessage', () => {
  it.each(allSamples().map((sample) => [sample.version, sample.name, sample.xml] as const))('recognises the ERN %s sample %s', (version, _name, xml) => {
    // The samples use the prefixes ern and ernm; the root's local name says which message it is.
    const kind = /<\w+:PurgeReleaseMessage[\s>]/.test(xml) ? 'PurgeReleaseMessage' : 'NewReleaseMessage';
    expect(detectErnMessage(xml)).toEqual({ version, kind });
  });

  it('does not care which prefix the root uses, or whether it uses one', () => {
    expect(detectErnMessage(root('x:NewReleaseMessage', `xmlns:x="${ERN_NAMESPACES['4.2']}"`))).toEqual({ version: '4.2', kind: 'NewReleaseMessage' });
    expect(detectErnMessage(root('NewReleaseMessage', `xmlns='${ERN_NAMESPACES['4.3']}'`))).toEqual({ version: '4.3', kind: 'NewReleaseMessage' });
    expect(detectErnMessage(root('PurgeReleaseMessage', `xmlns="${ERN_NAMESPACES['4.3']}"`))).toEqual({ version: '4.3', kind: 'PurgeReleaseMessage' });
  });

  it('reads past a byte order mark, comments and processing instructions', () => {
    const prolog = '\uFEFF<?xml version="1.0"?>\n<!-- exported by a label system -->\n<?app note?>\n';
    expect(detectErnMessage(root('ern:NewReleaseMessage', `xmlns:ern="${ERN_NAMESPACES['3.8.2']}"`, prolog))).toEqual({ version: '3.8.2', kind: 'NewReleaseMessage' });
  });

  it('returns null for another namespace, another root or an unsupported version', () => {
    expect(detectErnMessage(root('ern:NewReleaseMessage', 'xmlns:ern="http://ddex.net/xml/ern/41"'))).toBeNull();
    expect(detectErnMessage(root('ern:NewReleaseMessage', 'xmlns:ern="http://example.com/ern/43"'))).toBeNull();
    expect(detectErnMessage(root('NewReleaseMessage', ''))).toBeNull();
    expect(detectErnMessage(root('ern:CatalogListMessage', `xmlns:ern="${ERN_NAMESPACES['4.3']}"`))).toBeNull();
    expect(detectErnMessage(root('echo:ErnAcknowledgementStatusMessage', 'xmlns:echo="http://ddex.net/xml/ern-c/17"'))).toBeNull();
    expect(detectErnMessage('<html><body>not a message</body></html>')).toBeNull();
    expect(detectErnMessage('')).toBeNull();
    expect(detectErnMessage('just text')).toBeNull();
  });

  it('returns null when the ERN namespace is bound to another prefix than the root uses', () => {
    expect(detectErnMessage(root('a:NewReleaseMessage', `xmlns:a="http://example.com/" xmlns:b="${ERN_NAMESPACES['4.3']}"`))).toBeNull();
    expect(detectErnMessage(root('NewReleaseMessage', `xmlns:ern="${ERN_NAMESPACES['4.3']}"`))).toBeNull();
  });

  it('returns null for a DOCTYPE before the root', () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE NewReleaseMessage [<!ENTITY x "y">]><NewReleaseMessage xmlns="${ERN_NAMESPACES['4.3']}"/>`;
    expect(detectErnMessage(xml)).toBeNull();
  });

  it('looks only at the start of huge or hostile input', () => {
    // As read from a file: flat strings (a concatenated test string would be flattened on first look, which is not detection's cost).
    const flat = (text: string): string => Buffer.from(text).toString('utf8');
    const unendingComment = flat(`<!--${'-'.repeat(50_000_000)}`);
    const lateRoot = flat(`${' '.repeat(100_000)}<NewReleaseMessage xmlns="${ERN_NAMESPACES['4.3']}"/>`);
    const endlessStartTag = flat(`<NewReleaseMessage ${'a="b" '.repeat(5_000_000)}>`);
    const started = performance.now();
    expect(detectErnMessage(unendingComment)).toBeNull();
    expect(detectErnMessage(lateRoot)).toBeNull();
    expect(detectErnMessage(endlessStartTag)).toBeNull();
    expect(performance.now() - started).toBeLessThan(200);
  });
});
