import { ErnBuildError, buildErn43 } from '../src/index.ts';
import { makeDeal, makeInput, makeRelease, makeStore, makeTrack, PLATFORM, STORE, TENANT, UPC } from './support/release-factory.ts';
import { disposeSharedValidator, sharedValidator } from './support/shared-validator.ts';
import { count, text, texts } from './support/xml-query.ts';

afterAll(disposeSharedValidator);

const expectValid = (xml: string): void => {
  expect(sharedValidator().validate(xml)).toEqual({ valid: true, errors: [] });
};

describe('buildErn43: schema-valid messages', () => {
  it('builds a single as a SimpleAudioSingle with one recording, no track release and the cover linked from its content item', () => {
    const xml = buildErn43(makeInput({ release: makeRelease(1) }));
    expectValid(xml);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43"')).toBe(true);
    expect(xml).toContain('ReleaseProfileVersionId="SimpleAudioSingle" LanguageAndScriptCode="en" AvsVersionId="3"');
    expect(text(xml, '//Release/ReleaseType')).toBe('Single');
    expect(text(xml, '//Release/ReleaseId/ICPN')).toBe(UPC);
    expect(texts(xml, '//SoundRecording/SoundRecordingEdition/ResourceId/ISRC')).toEqual(['GBX125000001']);
    expect(count(xml, '//TrackRelease')).toBe(0);
    expect(texts(xml, '//ReleaseDeal/DealReleaseReference')).toEqual(['R0']);
    expect(text(xml, '//SoundRecording/FirstPublicationDate')).toBe('2025-06-06');
    expect(text(xml, '//Image/Type')).toBe('FrontCoverImage');
    expect(text(xml, '//Image/TechnicalDetails/File/URI')).toBe(`resources/${UPC}.jpg`);
    expect(count(xml, '//Release/ResourceGroup/LinkedReleaseResourceReference')).toBe(0);
    expect(text(xml, '//Release/ResourceGroup/ResourceGroupContentItem/LinkedReleaseResourceReference')).toBe('A2');
  });

  it('builds an EP with its five recordings grouped in position order', () => {
    const xml = buildErn43(makeInput({ release: makeRelease(5) }));
    expectValid(xml);
    expect(text(xml, '//Release/ReleaseType')).toBe('EP');
    expect(xml).toContain('ReleaseProfileVersionId="Audio"');
    expect(texts(xml, '//ResourceGroupContentItem/ReleaseResourceReference')).toEqual(['A1', 'A2', 'A3', 'A4', 'A5']);
    expect(count(xml, '//TrackRelease')).toBe(5);
  });

  it('builds a 20-track, two-disc album in disc and position order whatever order the tracks come in', () => {
    const tracks = Array.from({ length: 20 }, (_, index) =>
      makeTrack(index < 10 ? index + 1 : index - 9, {
        disc_number: index < 10 ? 1 : 2,
        isrc: `GBX12500${String(index + 1).padStart(4, '0')}`,
      }),
    );
    const shuffled = [...tracks.slice(10), ...tracks.slice(0, 10).reverse()];
    const release = makeRelease(20, { tracks: shuffled });
    const xml = buildErn43(makeInput({ release }));
    expectValid(xml);
    expect(text(xml, '//Release/ReleaseType')).toBe('Album');
    const isrcs = texts(xml, '//SoundRecording/SoundRecordingEdition/ResourceId/ISRC');
    expect(isrcs).toEqual(tracks.map((track) => track.isrc));
    expect(texts(xml, '//Release/ResourceGroup/ResourceGroup/@ResourceGroupType')).toEqual(['Component', 'Component']);
    expect(texts(xml, '//Release/ResourceGroup/ResourceGroup[2]/ResourceGroupContentItem/ReleaseResourceReference')).toEqual(
      Array.from({ length: 10 }, (_, index) => `A${index + 11}`),
    );
    expect(text(xml, '//SoundRecording[ResourceReference="A11"]//File/URI')).toBe(`resources/${UPC}_02_001.flac`);
    expect(count(xml, '//TrackRelease')).toBe(20);
  });
});

describe('buildErn43: header, parties and resources', () => {
  it('names the platform as sender, the tenant as sent-on-behalf-of and the store as recipient', () => {
    const xml = buildErn43(makeInput({ control: 'TestMessage', message_id: 'MSG-42', created_at: '2025-05-20T12:00:00Z' }));
    expect(text(xml, '//MessageHeader/MessageId')).toBe('MSG-42');
    expect(text(xml, '//MessageSender/PartyId')).toBe(PLATFORM.party_id);
    expect(text(xml, '//SentOnBehalfOf/PartyId')).toBe(TENANT.party_id);
    expect(text(xml, '//MessageRecipient/PartyId')).toBe(STORE.party_id);
    expect(text(xml, '//MessageRecipient/PartyName/FullName')).toBe(STORE.name);
    expect(text(xml, '//MessageCreatedDateTime')).toBe('2025-05-20T12:00:00Z');
    expect(text(xml, '//MessageControlType')).toBe('TestMessage');
  });

  it('declares every credited party once and maps free-text roles onto the allowed values', () => {
    const track = makeTrack(1, {
      additional_artists: [{ name: 'Guest Star', role: 'featuring' }, { name: 'DJ Turn', role: 'Remixer' }],
      contributors: [
        { name: 'Ada Writer', role: 'Producer' },
        { name: 'Ada Writer', role: 'Composer' },
        { name: 'Bo Player', role: 'Kazoo wrangler' },
        { name: 'Nova', role: 'MainArtist' },
      ],
      credits: [{ name: 'ada writer', role: 'producer' }],
    });
    const xml = buildErn43(makeInput({ release: makeRelease(1, { tracks: [track] }) }));
    expectValid(xml);
    const party = (name: string) => text(xml, `//Party[PartyName/FullName="${name}"]/PartyReference`);
    expect(texts(xml, '//PartyList/Party/PartyName/FullName')).toEqual(['Nova', 'Nova Records', 'Guest Star', 'DJ Turn', 'Ada Writer', 'Bo Player']);
    expect(texts(xml, '//SoundRecording/DisplayArtist/DisplayArtistRole')).toEqual(['MainArtist', 'FeaturedArtist', 'Artist']);
    expect(text(xml, `//SoundRecording/DisplayArtist[ArtistPartyReference="${party('DJ Turn')}"]/ArtisticRole`)).toBe('Remixer');
    expect(text(xml, '//SoundRecording/DisplayArtistName')).toBe('Nova feat. Guest Star');
    expect(texts(xml, `//Contributor[ContributorPartyReference="${party('Ada Writer')}"]/Role`)).toEqual(['StudioProducer', 'Composer']);
    expect(text(xml, `//Contributor[ContributorPartyReference="${party('Bo Player')}"]/Role`)).toBe('UserDefined');
    expect(text(xml, `//Contributor[ContributorPartyReference="${party('Bo Player')}"]/Role/@UserDefinedValue`)).toBe('Kazoo wrangler');
    expect(text(xml, `//Contributor[ContributorPartyReference="${party('Nova')}"]/Role`)).toBe('Artist');
    expect(text(xml, '//Release/ReleaseLabelReference')).toBe(party('Nova Records'));
  });

  it('describes each recording: technical details, MD5, duration, parental warning, P line', () => {
    const release = makeRelease(2, {
      tracks: [makeTrack(1, { explicit: true, copyright_year: 2019, copyright_holder: 'Old Masters' }), makeTrack(2, { instrumental: true })],
    });
    const input = makeInput({ release });
    const first = release.tracks[0]?.uuid ?? '';
    input.audio_files[first] = { ...input.audio_files[first]!, codec: 'wav', sample_rate_hz: 48_000, bit_depth: 24, channels: 1, duration_ms: 3_723_400, md5: 'ABCDEF0123456789ABCDEF0123456789' };
    const xml = buildErn43(input);
    expectValid(xml);
    const a1 = '//SoundRecording[ResourceReference="A1"]';
    expect(text(xml, `${a1}//DeliveryFile/AudioCodecType`)).toBe('PCM');
    expect(text(xml, `${a1}//DeliveryFile/SamplingRate`)).toBe('48');
    expect(text(xml, `${a1}//DeliveryFile/SamplingRate/@UnitOfMeasure`)).toBe('kHz');
    expect(text(xml, `${a1}//DeliveryFile/BitsPerSample`)).toBe('24');
    expect(text(xml, `${a1}//DeliveryFile/NumberOfChannels`)).toBe('1');
    expect(text(xml, `${a1}//HashSum/Algorithm`)).toBe('MD5');
    expect(text(xml, `${a1}//HashSum/HashSumValue`)).toBe('abcdef0123456789abcdef0123456789');
    expect(text(xml, `${a1}/Duration`)).toBe('PT1H2M3.4S');
    expect(text(xml, `${a1}/ParentalWarningType`)).toBe('Explicit');
    expect(text(xml, `${a1}//PLine/PLineText`)).toBe('2019 Old Masters');
    const a2 = '//SoundRecording[ResourceReference="A2"]';
    expect(text(xml, `${a2}//DeliveryFile/SamplingRate`)).toBe('44.1');
    expect(text(xml, `${a2}//PLine/PLineText`)).toBe('2025 Nova Records Ltd');
    expect(text(xml, `${a2}/IsInstrumental`)).toBe('true');
    expect(count(xml, `${a2}/LanguageOfPerformance`)).toBe(0);
    expect(text(xml, '//Release/ParentalWarningType')).toBe('Explicit');
    expect(text(xml, '//Release/CLine/CLineText')).toBe('2025 Nova Records Ltd');
  });

  it('writes localized titles as one block per language, the default marked, and the version as a subtitle', () => {
    const track = makeTrack(1, {
      title: 'Morning',
      title_version: 'Live',
      localized_titles: { 'ja-Jpan': '朝', fr: 'Matin', not_a_tag: 'x' },
      localized_title_versions: { fr: 'En direct' },
    });
    const release = makeRelease(1, {
      tracks: [track],
      localizations: [{ locale: 'ja', title: '最初の光', title_version: null, label: 'ノヴァ・レコード' }],
    });
    const xml = buildErn43(makeInput({ release }));
    expectValid(xml);
    const recording = '//SoundRecording';
    expect(texts(xml, `${recording}/DisplayTitleText`)).toEqual(['Morning (Live)', 'Matin (En direct)', '朝 (Live)']);
    expect(texts(xml, `${recording}/DisplayTitle/@LanguageAndScriptCode`)).toEqual(['fr', 'ja-Jpan']);
    expect(text(xml, `${recording}/DisplayTitle[@IsDefault="true"]/TitleText`)).toBe('Morning');
    expect(text(xml, `${recording}/DisplayTitle[@LanguageAndScriptCode="fr"]/SubTitle`)).toBe('En direct');
    expect(text(xml, `${recording}/DisplayTitle[@LanguageAndScriptCode="fr"]/SubTitle/@SubTitleType`)).toBe('Version');
    expect(text(xml, '//Release/DisplayTitle[@LanguageAndScriptCode="ja"]/TitleText')).toBe('最初の光');
    expect(text(xml, '//Party[PartyReference=//Release/ReleaseLabelReference]/PartyName[@LanguageAndScriptCode="ja"]/FullName')).toBe('ノヴァ・レコード');
  });

  it('without localizations writes a single title block and no IsDefault marker', () => {
    const xml = buildErn43(makeInput());
    expect(count(xml, '//SoundRecording/DisplayTitle')).toBe(1);
    expect(count(xml, '//@IsDefault')).toBe(0);
  });
});

describe('buildErn43: deals', () => {
  /** The terms of the nth deal offered for a release reference. */
  const dealTerms = (releaseReference: string, n: number) => `//ReleaseDeal[DealReleaseReference="${releaseReference}"]/Deal[${n}]/DealTerms`;

  it('lists the included territories of each deal', () => {
    const store = makeStore({ deals: [makeDeal({ territory_codes: ['DE', 'AT', 'CH'] })] });
    const xml = buildErn43(makeInput({ store }));
    expectValid(xml);
    expect(texts(xml, `${dealTerms('R0', 1)}/TerritoryCode`)).toEqual(['DE', 'AT', 'CH']);
    expect(count(xml, '//ExcludedTerritoryCode')).toBe(0);
  });

  it('states exclude mode as ExcludedTerritoryCode (everywhere but these), and named territories minus exclusions as TerritoryCode', () => {
    const store = makeStore({
      territory_mode: 'exclude',
      deals: [
        makeDeal({ territory_codes: ['Worldwide'], excluded_territory_codes: ['US', 'CA'] }),
        makeDeal({ commercial_model_type: 'AdvertisementSupportedModel', territory_codes: ['DE', 'AT', 'CH'], excluded_territory_codes: ['CH'] }),
      ],
    });
    const xml = buildErn43(makeInput({ store }));
    expectValid(xml);
    expect(texts(xml, `${dealTerms('R0', 1)}/ExcludedTerritoryCode`)).toEqual(['US', 'CA']);
    expect(count(xml, `${dealTerms('R0', 1)}/TerritoryCode`)).toBe(0);
    expect(texts(xml, `${dealTerms('R0', 2)}/TerritoryCode`)).toEqual(['DE', 'AT']);
  });

  it('starts every deal on the store’s effective release date, not the catalogue one', () => {
    const release = makeRelease(2, { release_date: '2025-06-06' });
    const store = makeStore({
      release_date: '2025-07-04',
      deals: [makeDeal({ start_date: '2025-07-04' }), makeDeal({ commercial_model_type: 'PayAsYouGoModel', use_types: ['PermanentDownload'], start_date: null })],
    });
    const xml = buildErn43(makeInput({ release, store }));
    expectValid(xml);
    expect(new Set(texts(xml, '//ValidityPeriod/StartDate'))).toEqual(new Set(['2025-07-04']));
    expect(text(xml, '//Release/ReleaseDate')).toBe('2025-07-04');
    expect(count(xml, '//ValidityPeriod/StartDate')).toBe(4);
  });

  it('puts the price tier on the main release’s priced deal only, and offers the same deals for every track release', () => {
    const release = makeRelease(3);
    const xml = buildErn43(makeInput({ release }));
    expect(texts(xml, '//ReleaseDeal[1]/DealReleaseReference')).toEqual(['R0']);
    expect(texts(xml, '//ReleaseDeal[2]/DealReleaseReference')).toEqual(['R1', 'R2', 'R3']);
    expect(texts(xml, '//ReleaseDeal[1]//PriceInformation/PriceCode')).toEqual(['FRONT']);
    expect(text(xml, '//ReleaseDeal[1]//PriceInformation/PriceCode/@Namespace')).toBe(PLATFORM.party_id);
    expect(count(xml, '//ReleaseDeal[2]//PriceInformation')).toBe(0);
    expect(texts(xml, '//ReleaseDeal[2]/Deal/DealTerms/CommercialModelType')).toEqual(['SubscriptionModel', 'PayAsYouGoModel']);
  });

  it('sends an update with every live deal again, identical to what a new delivery states', () => {
    const store = makeStore({
      deals: [
        makeDeal(),
        makeDeal({ commercial_model_type: 'AdvertisementSupportedModel', use_types: ['OnDemandStream'], territory_codes: ['FR'] }),
        makeDeal({ commercial_model_type: 'PayAsYouGoModel', use_types: ['PermanentDownload'], price_type: 'MID' }),
      ],
    });
    const release = makeRelease(2);
    const created = buildErn43(makeInput({ release, store, kind: 'new' }));
    const updated = buildErn43(makeInput({ release, store, kind: 'update' }));
    expectValid(updated);
    expect(count(updated, '//ReleaseDeal[1]/Deal')).toBe(3);
    expect(count(updated, '//ReleaseDeal[2]/Deal')).toBe(3);
    const dealList = (xml: string) => xml.slice(xml.indexOf('<DealList>'), xml.indexOf('</DealList>'));
    expect(dealList(updated)).toBe(dealList(created));
    expect(texts(updated, '//ReleaseDeal[1]/Deal/DealTerms/CommercialModelType')).toEqual(['SubscriptionModel', 'AdvertisementSupportedModel', 'PayAsYouGoModel']);
  });

  it('takes a release down with a message that carries no deal at all (ERN 4.3 Part 1, 6.19.4)', () => {
    const release = makeRelease(2);
    const xml = buildErn43(makeInput({ release, kind: 'takedown' }));
    expectValid(xml);
    expect(count(xml, '//DealList')).toBe(0);
    expect(count(xml, '//Deal')).toBe(0);
    expect(count(xml, '//SoundRecording')).toBe(2);
    expect(text(xml, '//Release/ReleaseId/ICPN')).toBe(UPC);
  });

  it('refuses a new delivery or an update without any deal, which ERN 4 would read as a takedown', () => {
    expect(() => buildErn43(makeInput({ store: makeStore({ deals: [] }) }))).toThrow(ErnBuildError);
    const onlyExcluded = makeStore({ deals: [makeDeal({ territory_codes: ['DE'], excluded_territory_codes: ['DE'] })] });
    expect(() => buildErn43(makeInput({ store: onlyExcluded, kind: 'update' }))).toThrow(/would take the release down/);
    expect(() => buildErn43(makeInput({ store: makeStore({ deals: [] }), kind: 'takedown' }))).not.toThrow();
  });

  it('refuses a delivery with a track whose audio file is missing, but still takes such a release down', () => {
    const release = makeRelease(2);
    const input = makeInput({ release });
    delete input.audio_files[release.tracks[1]?.uuid ?? ''];
    expect(() => buildErn43(input)).toThrow(/GBX125000002 .* has no audio file/);
    const takedown = buildErn43({ ...input, kind: 'takedown' });
    expectValid(takedown);
    expect(count(takedown, '//SoundRecording')).toBe(2);
    expect(count(takedown, '//SoundRecording[ResourceReference="A2"]//TechnicalDetails')).toBe(0);
    expect(text(takedown, '//SoundRecording[ResourceReference="A2"]/Duration')).toBe('PT3M22S');
  });
});

describe('buildErn43: determinism and escaping', () => {
  it('gives the same bytes for the same input', () => {
    const release = makeRelease(12);
    expect(buildErn43(makeInput({ release }))).toBe(buildErn43(makeInput({ release })));
  });

  it('changes only the MessageId line when only the message id changes', () => {
    const release = makeRelease(12);
    const first = buildErn43(makeInput({ release, message_id: 'MSG-A' })).split('\n');
    const second = buildErn43(makeInput({ release, message_id: 'MSG-B' })).split('\n');
    expect(second).toHaveLength(first.length);
    const differing = first.flatMap((line, index) => (line === second[index] ? [] : [[line.trim(), second[index]?.trim()]]));
    expect(differing).toEqual([['<MessageId>MSG-A</MessageId>', '<MessageId>MSG-B</MessageId>']]);
  });

  it('escapes markup characters and drops control characters from every text', () => {
    const hostileTitle = 'Tom & "Jerry" <script>alert(\'x\')</script>\u0000\u0007\u001B\uD800 ]]> end';
    const track = makeTrack(1, { title: hostileTitle, contributors: [{ name: 'O\'Brien & <Sons>', role: 'Composer' }] });
    const release = makeRelease(1, { title: hostileTitle, label: 'Label "Quoted" & Co\u0008', tracks: [track] });
    const xml = buildErn43(makeInput({ release }));
    expectValid(xml);
    const expected = 'Tom & "Jerry" <script>alert(\'x\')</script> ]]> end';
    expect(text(xml, '//Release/DisplayTitleText')).toBe(expected);
    expect(text(xml, '//SoundRecording/DisplayTitle/TitleText')).toBe(expected);
    expect(texts(xml, '//PartyList/Party/PartyName/FullName')).toContain("O'Brien & <Sons>");
    expect(texts(xml, '//PartyList/Party/PartyName/FullName')).toContain('Label "Quoted" & Co');
    expect(xml).toContain('Tom &amp; &quot;Jerry&quot; &lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt; ]]&gt; end');
    expect(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(xml)).toBe(false);
    expect(xml).not.toContain('<script>');
  });
});
