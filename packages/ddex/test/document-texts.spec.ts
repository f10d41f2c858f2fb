import { decodeCharacterReferences, findDocumentTexts } from '../src/index.ts';
import { replaceOnce, sampleXml } from './support/ern-samples.ts';

/*
 * The texts and attribute values of a message found by a scan of its markup, with their element
 * paths, even where a parser refuses the message (a NUL, `&#0;`): how ingestion names where a
 * message holds text that cannot be stored.
 */

const hasNul = (text: string): boolean => text.includes('\0');
const LIMIT = 20;

describe('findDocumentTexts', () => {
  const xml = sampleXml('3.8.2', 'audius_track_basic.xml');

  it('finds an element text and an attribute value holding NUL, written raw or as a reference, at their paths and lines', () => {
    const withNul = replaceOnce(
      replaceOnce(xml, '<DisplayArtistName>DJ Theo</DisplayArtistName>', '<DisplayArtistName>DJ\u0000Theo</DisplayArtistName>'),
      '<DisplayArtist SequenceNumber="1">',
      '<DisplayArtist SequenceNumber="1&#0;">',
    );
    const lineOf = (fragment: string) => withNul.slice(0, withNul.indexOf(fragment)).split('\n').length;
    const found = findDocumentTexts(withNul, hasNul, LIMIT);
    expect(found).toEqual([
      { path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingDetailsByTerritory/DisplayArtistName', line: lineOf('DJ\u0000Theo'), text: 'DJ\u0000Theo' },
      { path: '/NewReleaseMessage/ReleaseList/Release/ReleaseDetailsByTerritory/DisplayArtist/@SequenceNumber', line: lineOf('SequenceNumber="1&#0;"'), text: '1\u0000' },
    ]);
  });

  it('decodes character references as written, to a lone surrogate too, and reads CDATA as it stands', () => {
    const changed = replaceOnce(xml, '<DisplayArtistName>DJ Theo</DisplayArtistName>', '<DisplayArtistName><![CDATA[a\u0000b]]> &#xD800;</DisplayArtistName>');
    const found = findDocumentTexts(changed, (text) => hasNul(text) || text.includes('\uD800'), LIMIT);
    expect(found.map((text) => text.text)).toEqual(['a\u0000b', ' \uD800']);
    expect(new Set(found.map((text) => text.path)).size).toBe(1);
  });

  it('finds nothing in the unchanged sample, and stops at the limit', () => {
    expect(findDocumentTexts(xml, hasNul, LIMIT)).toEqual([]);
    expect(findDocumentTexts(xml, () => true, 3)).toHaveLength(3);
  });

  it('decodeCharacterReferences decodes numeric references only, even to NUL', () => {
    expect(decodeCharacterReferences('a&#0;b&#x41;&amp;&#x110000;')).toBe('a\u0000bA&amp;&#x110000;');
  });
});
