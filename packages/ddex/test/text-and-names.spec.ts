import { ernFileName, resourceFileNames } from '../src/index.ts';
import { isoDuration } from '../src/ern/durations.ts';
import { languageTag } from '../src/ern/language.ts';
import { cleanText, decodeXmlText, escapeXml } from '../src/xml/xml-text.ts';
import { makeRelease, makeTrack, UPC } from './support/release-factory.ts';

describe('XML text', () => {
  it('escapes all five special characters', () => {
    expect(escapeXml(`a & b < c > d " e ' f`)).toBe('a &amp; b &lt; c &gt; d &quot; e &apos; f');
  });

  it('removes control characters and lone surrogates, flattens line breaks, keeps real characters', () => {
    expect(cleanText('\u0000A\u0007B\u001B\u007F\u0085C\uFFFE')).toBe('ABC');
    expect(cleanText('one\ntwo\r\n\tthree')).toBe('one two three');
    expect(cleanText('x\uD800y\uDC00z')).toBe('xyz');
    expect(cleanText('🎵 Café 東京')).toBe('🎵 Café 東京');
  });

  it('decodes only predefined entities and character references', () => {
    expect(decodeXmlText('&amp;lt; &lt;b&gt; &#65;&#x42; &quot;&apos;')).toBe('&lt; <b> AB "\'');
    expect(decodeXmlText('&custom; &#0; &#x110000;')).toBe('&custom; &#0; &#x110000;');
  });
});

describe('durations', () => {
  it.each([
    [0, 'PT0S'],
    [999, 'PT0.999S'],
    [59_000, 'PT59S'],
    [225_500, 'PT3M45.5S'],
    [3_600_000, 'PT1H'],
    [3_723_004, 'PT1H2M3.004S'],
  ])('%p ms is %p', (milliseconds, duration) => {
    expect(isoDuration(milliseconds)).toBe(duration);
  });
});

describe('language tags', () => {
  it('accepts and canonicalizes BCP-47 tags the schema allows, and refuses free text', () => {
    expect(languageTag('en')).toBe('en');
    expect(languageTag('pt-br')).toBe('pt-BR');
    expect(languageTag('zh-hant')).toBe('zh-Hant');
    expect(languageTag('English')).toBeUndefined();
    expect(languageTag('en_US')).toBeUndefined();
    expect(languageTag(null)).toBeUndefined();
  });
});

describe('file names in the release folder', () => {
  it('names audio by UPC, two-digit disc and three-digit position', () => {
    const release = makeRelease(1);
    expect(resourceFileNames.audio(release, makeTrack(7, { disc_number: 2 }), '.FLAC')).toBe(`resources/${UPC}_02_007.flac`);
  });

  it('names the artwork and the message after the UPC', () => {
    expect(resourceFileNames.artwork(makeRelease(1))).toBe(`resources/${UPC}.jpg`);
    const png = makeRelease(1, { artwork: { key: 'k', url: 'u', mime_type: 'image/png', size: 1 } });
    expect(resourceFileNames.artwork(png)).toBe(`resources/${UPC}.png`);
    expect(ernFileName(makeRelease(1))).toBe(`${UPC}.xml`);
  });

  it('refuses an empty extension', () => {
    expect(() => resourceFileNames.audio(makeRelease(1), makeTrack(1), '.')).toThrow(/not a file extension/);
  });
});
