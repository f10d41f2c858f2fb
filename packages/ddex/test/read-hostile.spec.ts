import { ERN_NAMESPACES } from '../src/ern-version.ts';
import { DEFAULT_MAX_ERN_BYTES, ErnParseError, disposeCachedErnValidators, parseErnXml, readErnMessage } from '../src/read/index.ts';
import { sampleXml } from './support/ern-samples.ts';

afterAll(disposeCachedErnValidators);

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
  <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
  <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
  <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
  <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
  <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<ern:NewReleaseMessage xmlns:ern="${ERN_NAMESPACES['4.3']}" AvsVersionId="3" LanguageAndScriptCode="en">
  <MessageHeader><MessageId>&lol9;</MessageId></MessageHeader>
</ern:NewReleaseMessage>`;

const DOCTYPE_REFUSED = [{ path: null, message: 'The message declares a DOCTYPE or entities; such messages are refused.' }];

describe('reading hostile input', () => {
  it('refuses an entity bomb at once', () => {
    const started = performance.now();
    expect(readErnMessage(BILLION_LAUGHS)).toEqual({ ok: false, errors: DOCTYPE_REFUSED });
    expect(() => parseErnXml(BILLION_LAUGHS)).toThrow(ErnParseError);
    expect(performance.now() - started).toBeLessThan(250);
  });

  it('refuses external entities, and a DOCTYPE anywhere in the document', () => {
    const external = sampleXml('4.3', '4_SimpleAudioSingle.xml').replace(
      '<ern:NewReleaseMessage',
      '<!DOCTYPE ern:NewReleaseMessage [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n<ern:NewReleaseMessage',
    );
    expect(readErnMessage(external)).toEqual({ ok: false, errors: DOCTYPE_REFUSED });
    const inside = sampleXml('4.3', '4_SimpleAudioSingle.xml').replace('<ResourceList>', '<ResourceList><!DOCTYPE x>');
    expect(readErnMessage(inside)).toEqual({ ok: false, errors: DOCTYPE_REFUSED });
  });

  it('refuses a message over the byte limit before reading it, counting bytes rather than characters', () => {
    const xml = sampleXml('4.2', '1_Audio.xml');
    expect(readErnMessage(xml, { maxBytes: 1000 })).toEqual({ ok: false, errors: [{ path: null, message: 'The message is larger than 1000 bytes.' }] });
    // 700 characters of two bytes each.
    const wide = `<a>${'é'.repeat(700)}</a>`;
    expect(wide.length).toBeLessThan(1300);
    expect(readErnMessage(wide, { maxBytes: 1300 })).toEqual({ ok: false, errors: [{ path: null, message: 'The message is larger than 1300 bytes.' }] });
  });

  it('refuses a message over the default limit quickly', () => {
    const huge = Buffer.alloc(DEFAULT_MAX_ERN_BYTES + 1, ' ').toString('utf8');
    const started = performance.now();
    const result = readErnMessage(huge);
    expect(performance.now() - started).toBeLessThan(250);
    expect(result).toEqual({ ok: false, errors: [{ path: null, message: `The message is larger than ${DEFAULT_MAX_ERN_BYTES} bytes.` }] });
  });

  it('refuses elements named like object internals without touching any object', () => {
    const xml = sampleXml('4.3', '4_SimpleAudioSingle.xml').replace('<ResourceList>', '<ResourceList><__proto__><polluted>yes</polluted></__proto__><constructor/>');
    const result = readErnMessage(xml);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]?.path).toBe('/NewReleaseMessage/ResourceList/__proto__');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(() => parseErnXml('<a><__proto__><b>1</b></__proto__><c>2</c></a>')).toThrow(ErnParseError);
    expect(({} as Record<string, unknown>)['b']).toBeUndefined();
  });
});

describe('parseErnXml', () => {
  it('keeps values as text: leading zeros, numbers that look like floats, attributes', () => {
    const root = parseErnXml('<ern:R xmlns:ern="u" Code="007"><ICPN>0012345678905</ICPN><ISRC>1E1230000001</ISRC><Year>02</Year></ern:R>');
    expect(root.name).toBe('R');
    expect(root.textAt('ICPN')).toBe('0012345678905');
    expect(root.textAt('ISRC')).toBe('1E1230000001');
    expect(root.textAt('Year')).toBe('02');
    expect(root.attribute('Code')).toBe('007');
  });

  it('decodes only the predefined entities and character references', () => {
    const root = parseErnXml('<R><T>Rock &amp; Roll &#233;t&#xE9; &lt;3 &unknown;</T></R>');
    expect(root.textAt('T')).toBe('Rock & Roll été <3 &unknown;');
  });

  it('gives every element as a list with a path, an index only where an element repeats', () => {
    const root = parseErnXml('<ern:M xmlns:ern="u"><L><S><I>1</I></S><S><I>2</I></S></L><One><I>3</I></One></ern:M>');
    expect(root.children('L')[0]?.children('S').map((s) => [s.path, s.textAt('I')])).toEqual([
      ['/M/L/S[1]', '1'],
      ['/M/L/S[2]', '2'],
    ]);
    expect(root.at('One', 'I')?.path).toBe('/M/One/I');
    expect(root.children('Missing')).toEqual([]);
  });

  it('refuses malformed XML with its line', () => {
    let error: unknown;
    try {
      parseErnXml('<R>\n<A>\n</R>');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ErnParseError);
    expect((error as ErnParseError).line).toBeGreaterThan(0);
  });
});
