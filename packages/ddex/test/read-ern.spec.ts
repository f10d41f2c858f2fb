import type { ErnVersion } from '../src/ern-version.ts';
import { disposeCachedErnValidators, readErnMessage, type IngestedErnMessage } from '../src/read/index.ts';
import { allSamples, replaceOnce, sampleXml } from './support/ern-samples.ts';
import { count, texts } from './support/xml-query.ts';

afterAll(disposeCachedErnValidators);

/*
 * Expectations are read from the fixtures with XPath (libxml2), independently of the reader.
 * ERN's elements below the root are unqualified, so plain paths select them.
 */

const first = (xml: string, xpath: string): string | undefined => texts(xml, xpath)[0];

/** The main release: ReleaseList/Release in 4.x; in 3.8.2 the one marked IsMainRelease, else the first that is not a TrackRelease. */
const mainRelease = (xml: string, version: ErnVersion): string => {
  if (version !== '3.8.2') return '//ReleaseList/Release';
  if (count(xml, "//ReleaseList/Release[@IsMainRelease='true']") > 0) return "//ReleaseList/Release[@IsMainRelease='true']";
  return "(//ReleaseList/Release[not(ReleaseType='TrackRelease')])[1]";
};

/** The ISRCs of the main release's SoundRecordings, in the order its ResourceGroup (or 3.8.2 reference list) gives them. */
const expectedIsrcs = (xml: string, version: ErnVersion): string[] => {
  const release = mainRelease(xml, version);
  const grouped = texts(xml, `${release}//ResourceGroup//ResourceGroupContentItem/ReleaseResourceReference`);
  // A reference the list repeats (audius_album_basic.xml) names one resource: one track.
  const references = grouped.length > 0 ? grouped : [...new Set(texts(xml, `${release}/ReleaseResourceReferenceList/ReleaseResourceReference`))];
  return references
    .filter((reference) => count(xml, `//ResourceList/SoundRecording[ResourceReference='${reference}']`) > 0)
    .map((reference) => first(xml, `//ResourceList/SoundRecording[ResourceReference='${reference}']//ISRC`) ?? '');
};

const expectedArtistNames = (xml: string, version: ErnVersion): string[] => {
  const release = mainRelease(xml, version);
  if (version === '3.8.2') return texts(xml, `${release}/ReleaseDetailsByTerritory[1]/DisplayArtist/PartyName/FullName`);
  return texts(xml, `${release}/DisplayArtist/ArtistPartyReference`).map(
    (reference) => first(xml, `//PartyList/Party[PartyReference='${reference}']/PartyName[1]/FullName`) ?? '',
  );
};

const expectedTitle = (xml: string, version: ErnVersion): string | undefined => {
  const release = mainRelease(xml, version);
  if (version === '3.8.2') return first(xml, `${release}/ReleaseDetailsByTerritory[1]/Title[@TitleType='DisplayTitle']/TitleText`);
  return first(xml, `${release}/DisplayTitle[@IsDefault='true']/TitleText`) ?? first(xml, `${release}/DisplayTitle/TitleText`);
};

const expectedTerritories = (xml: string, version: ErnVersion): string[] => {
  const reference = first(xml, `${mainRelease(xml, version)}/ReleaseReference`);
  return [...new Set(texts(xml, `//DealList/ReleaseDeal[DealReleaseReference='${reference}']/Deal/DealTerms/TerritoryCode`))].sort();
};

const read = (xml: string): IngestedErnMessage => {
  const result = readErnMessage(xml);
  if (!result.ok) throw new Error(`Expected the message to read, got ${JSON.stringify(result.errors)}`);
  return result.message;
};

const audioSamples = allSamples().filter((sample) => count(sample.xml, '//ResourceList/SoundRecording') > 0);
const videoOnlySamples = allSamples().filter((sample) => count(sample.xml, '//ResourceList') > 0 && count(sample.xml, '//ResourceList/SoundRecording') === 0);

describe('readErnMessage on the official samples', () => {
  it('has audio, video-only and purge samples to read', () => {
    expect(audioSamples.length).toBeGreaterThanOrEqual(12);
    expect(videoOnlySamples.map((sample) => `${sample.version} ${sample.name}`)).toEqual([
      '4.3 2_Video.xml',
      '4.3 5_SimpleVideoSingle.xml',
      '4.3 7_LongformMusicalWorkVideo.xml',
      '4.2 2_Video.xml',
      '4.2 5_SimpleVideoSingle.xml',
      '4.2 7_LongformMusicalWorkVideo.xml',
    ]);
  });

  it.each(audioSamples.map((sample) => [sample.version, sample.name, sample.xml] as const))('reads the ERN %s sample %s', (version, _name, xml) => {
    const message = read(xml);
    expect(message.version).toBe(version);
    expect(message.messageId).toBe(first(xml, '//MessageHeader/MessageId') ?? '');
    expect(message.senderPartyId).toBe(first(xml, '//MessageHeader/MessageSender/PartyId'));
    expect(message.createdAt).toBe(first(xml, '//MessageHeader/MessageCreatedDateTime'));
    expect(message.releases).toHaveLength(1);
    const [release] = message.releases;
    expect(release?.reference).toBe(first(xml, `${mainRelease(xml, version)}/ReleaseReference`));
    expect(release?.upc).toBe(first(xml, `${mainRelease(xml, version)}/ReleaseId/ICPN`));
    expect(release?.title).toBe(expectedTitle(xml, version));
    expect(release?.displayArtists.map((artist) => artist.name)).toEqual(expectedArtistNames(xml, version));
    expect([...(release?.territories ?? [])].sort()).toEqual(expectedTerritories(xml, version));
    expect(release?.tracks.map((track) => track.isrc)).toEqual(expectedIsrcs(xml, version));
    for (const track of release?.tracks ?? []) {
      const recording = `//ResourceList/SoundRecording[ResourceReference='${track.reference}']`;
      expect(texts(xml, `${recording}//TitleText`)).toContain(track.title);
      expect(track.durationSeconds).toBeGreaterThan(0);
    }
  });

  it.each(videoOnlySamples.map((sample) => [sample.version, sample.name, sample.xml] as const))(
    'refuses the video-only ERN %s sample %s: only sound recordings are read',
    (_version, _name, xml) => {
      expect(readErnMessage(xml)).toEqual({ ok: false, errors: [{ path: '/NewReleaseMessage/ResourceList', message: 'the message carries no sound recording' }] });
    },
  );

  it('reads a PurgeReleaseMessage as the takedown of the release it names', () => {
    const xml = sampleXml('3.8.2', 'dedex_017_purged_release.xml');
    const message = read(xml);
    expect(message.kind).toBe('takedown');
    expect(message.releases).toEqual([
      expect.objectContaining({
        upc: first(xml, '//PurgedRelease/ReleaseId/ICPN'),
        grid: first(xml, '//PurgedRelease/ReleaseId/GRid'),
        title: first(xml, "//PurgedRelease/Title[@TitleType='DisplayTitle']/TitleText"),
        tracks: [],
        deals: [],
      }),
    ]);
  });
});

describe('readErnMessage, ERN 4.3 album in detail', () => {
  const xml = sampleXml('4.3', '1_Audio.xml');
  const message = read(xml);
  const release = message.releases[0];

  it('keeps the leading zeros of the UPC', () => {
    expect(first(xml, '//ReleaseList/Release/ReleaseId/ICPN')).toMatch(/^00/);
    expect(release?.upc).toBe(first(xml, '//ReleaseList/Release/ReleaseId/ICPN'));
  });

  it('reads the release metadata', () => {
    expect(release).toMatchObject({
      releaseType: first(xml, '//ReleaseList/Release/ReleaseType'),
      platformType: 'album',
      labelName: first(xml, `//PartyList/Party[PartyReference='${first(xml, '//ReleaseList/Release/ReleaseLabelReference')}']/PartyName/FullName`),
      genre: first(xml, '//ReleaseList/Release/Genre/GenreText'),
      displayArtistName: first(xml, "//ReleaseList/Release/DisplayArtistName[@IsDefault='true']"),
      parentalWarning: first(xml, '//ReleaseList/Release/ParentalWarningType'),
      // No ReleaseDate in the message: the earliest deal start.
      releaseDate: first(xml, "//DealList/ReleaseDeal[DealReleaseReference='R0']/Deal/DealTerms/ValidityPeriod/StartDate"),
    });
    expect(release?.localizedTitles).toEqual(
      ['ja-Jpan', 'ja-Kana'].map((language) => ({ language, title: first(xml, `//ReleaseList/Release/DisplayTitle[@LanguageAndScriptCode='${language}']/TitleText`) })),
    );
    expect(release?.frontCover).toEqual({
      reference: first(xml, "//ResourceList/Image[Type='FrontCoverImage']/ResourceReference"),
      uri: first(xml, "//ResourceList/Image[Type='FrontCoverImage']/TechnicalDetails/File/URI"),
    });
    expect(release?.deals).toEqual([
      {
        territories: texts(xml, "//ReleaseDeal[DealReleaseReference='R0']/Deal/DealTerms/TerritoryCode"),
        excludedTerritories: [],
        commercialModels: texts(xml, "//ReleaseDeal[DealReleaseReference='R0']/Deal/DealTerms/CommercialModelType"),
        useTypes: texts(xml, "//ReleaseDeal[DealReleaseReference='R0']/Deal/DealTerms/UseType"),
        startDate: first(xml, "//ReleaseDeal[DealReleaseReference='R0']/Deal/DealTerms/ValidityPeriod/StartDate"),
        takedown: false,
      },
    ]);
  });

  it('reads each track in sequence, with its file, ℗ line and genre from its TrackRelease', () => {
    expect(release?.tracks.map((track) => track.sequenceNumber)).toEqual(
      texts(xml, '//ReleaseList/Release/ResourceGroup/ResourceGroupContentItem/SequenceNumber').map(Number),
    );
    const track = release?.tracks[0];
    const recording = `//ResourceList/SoundRecording[ResourceReference='${track?.reference}']`;
    expect(track).toMatchObject({
      isrc: first(xml, `${recording}/SoundRecordingEdition/ResourceId/ISRC`),
      title: first(xml, `${recording}/DisplayTitle[@IsDefault='true']/TitleText`),
      localizedTitles: [{ language: 'ja-Jpan', title: first(xml, `${recording}/DisplayTitle[@LanguageAndScriptCode='ja-Jpan']/TitleText`) }],
      displayArtists: [{ name: 'Saeko Shu', role: first(xml, `${recording}/DisplayArtist/DisplayArtistRole`) }],
      contributors: [{ name: 'Saeko Shu', roles: texts(xml, `${recording}/Contributor/Role`) }],
      discNumber: 1,
      explicit: false,
      language: first(xml, `${recording}/LanguageOfPerformance`),
      genre: first(xml, `//ReleaseList/TrackRelease[ReleaseResourceReference='${track?.reference}']/Genre/GenreText`),
      pLine: { year: Number(first(xml, `${recording}/SoundRecordingEdition/PLine/Year`)), text: first(xml, `${recording}/SoundRecordingEdition/PLine/PLineText`) },
      audioFile: { uri: first(xml, `${recording}/SoundRecordingEdition/TechnicalDetails/DeliveryFile/File/URI`) },
    });
    // PT2M28S
    expect(track?.durationSeconds).toBe(148);
  });
});

describe('readErnMessage, other shapes', () => {
  it('reads discs from the sub-groups of a mixed-media release, and leaves the videos out', () => {
    const xml = sampleXml('4.3', '3_MixedMedia.xml');
    const release = read(xml).releases[0];
    expect(release?.platformType).toBe('album');
    for (const track of release?.tracks ?? []) {
      const disc = first(xml, `//ReleaseList/Release/ResourceGroup/ResourceGroup[.//ReleaseResourceReference='${track.reference}']/SequenceNumber`);
      expect(track.discNumber).toBe(Number(disc));
    }
    expect(new Set(release?.tracks.map((track) => track.reference))).toEqual(
      new Set(texts(xml, '//ResourceList/SoundRecording/ResourceReference').filter((reference) => count(xml, `//ReleaseList/Release//ReleaseResourceReference[.='${reference}']`) > 0)),
    );
  });

  it('numbers discs by their sub-group and tracks by their item within the disc', () => {
    const xml = sampleXml('4.3', '1_Audio.xml');
    const groupStart = xml.indexOf('<ResourceGroup>', xml.indexOf('<ReleaseList>'));
    const groupEnd = xml.indexOf('</ResourceGroup>', groupStart) + '</ResourceGroup>'.length;
    const items = xml.slice(groupStart, groupEnd).match(/<ResourceGroupContentItem>[\s\S]*?<\/ResourceGroupContentItem>/g) ?? [];
    const renumbered = (part: string[]) => part.map((item, index) => item.replace(/<SequenceNumber>\d+</, `<SequenceNumber>${index + 1}<`)).join('');
    const twoDiscs =
      xml.slice(0, groupStart) +
      `<ResourceGroup><ResourceGroup ResourceGroupType="Component"><SequenceNumber>1</SequenceNumber>${renumbered(items.slice(0, 10))}</ResourceGroup>` +
      `<ResourceGroup ResourceGroupType="Component"><SequenceNumber>2</SequenceNumber>${renumbered(items.slice(10))}</ResourceGroup>` +
      '<LinkedReleaseResourceReference>A22</LinkedReleaseResourceReference></ResourceGroup>' +
      xml.slice(groupEnd);
    const tracks = read(twoDiscs).releases[0]?.tracks ?? [];
    expect(items).toHaveLength(21);
    expect(tracks.map((track) => [track.discNumber, track.sequenceNumber])).toEqual([
      ...Array.from({ length: 10 }, (_, index) => [1, index + 1]),
      ...Array.from({ length: 11 }, (_, index) => [2, index + 1]),
    ]);
    expect(tracks.map((track) => track.isrc)).toEqual(expectedIsrcs(xml, '4.3'));
  });

  it('reads ERN 4.2 files and hash sums on the SoundRecording itself', () => {
    const xml = sampleXml('4.2', '4_SimpleAudioSingle.xml');
    const release = read(xml).releases[0];
    const details = '//ResourceList/SoundRecording/TechnicalDetails';
    expect(release?.platformType).toBe('single');
    expect(release?.upc).toBeUndefined();
    expect(release?.grid).toBe(first(xml, '//ReleaseList/Release/ReleaseId/GRid'));
    expect(release?.tracks[0]?.audioFile).toEqual({
      uri: first(xml, `${details}/File/URI`),
      hash: { algorithm: first(xml, `${details}/File/HashSum/Algorithm`), value: first(xml, `${details}/File/HashSum/HashSumValue`) },
    });
  });

  it('reads a ringtone like any audio release, keeping its release type', () => {
    const release = read(sampleXml('4.3', '6_Ringtone.xml')).releases[0];
    expect(release?.releaseType).toBe('RingtoneRelease');
    expect(release?.tracks).toHaveLength(1);
  });

  it('reads ERN 3.8.2 details, contributors of both kinds, files in a path and hash sums', () => {
    const xml = sampleXml('3.8.2', 'dedex_016_utf8_artists.xml');
    const message = read(xml);
    const release = message.releases[0];
    expect(message.kind).toBe('new');
    expect(release).toMatchObject({
      upc: first(xml, "//ReleaseList/Release[ReleaseType='Album']/ReleaseId/ICPN"),
      catalogNumber: first(xml, "//ReleaseList/Release[ReleaseType='Album']/ReleaseId/CatalogNumber"),
      labelName: first(xml, "//ReleaseList/Release[ReleaseType='Album']/ReleaseDetailsByTerritory/LabelName"),
    });
    const track = release?.tracks[0];
    const details = `//ResourceList/SoundRecording[ResourceReference='${track?.reference}']/SoundRecordingDetailsByTerritory`;
    const names = [...texts(xml, `${details}/ResourceContributor/PartyName/FullName`), ...texts(xml, `${details}/IndirectResourceContributor/PartyName/FullName`)];
    expect(track?.contributors.map((contributor) => contributor.name)).toEqual([...new Set(names)]);
    expect(track?.audioFile).toEqual({
      uri: `${first(xml, `${details}/TechnicalSoundRecordingDetails/File/FilePath`)}${first(xml, `${details}/TechnicalSoundRecordingDetails/File/FileName`)}`,
      hash: {
        algorithm: first(xml, `${details}/TechnicalSoundRecordingDetails/File/HashSum/HashSumAlgorithmType`),
        value: first(xml, `${details}/TechnicalSoundRecordingDetails/File/HashSum/HashSum`),
      },
    });
  });

  it('reads the main release of ERN 3.8.2 by IsMainRelease, and its tracks from the disc group', () => {
    const xml = sampleXml('3.8.2', 'dedex_001_audioalbum_complete.xml');
    const release = read(xml).releases[0];
    expect(release).toMatchObject({
      reference: first(xml, "//ReleaseList/Release[@IsMainRelease='true']/ReleaseReference"),
      releaseType: 'Album',
      releaseDate: first(xml, "//ReleaseList/Release[@IsMainRelease='true']/ReleaseDetailsByTerritory/ReleaseDate"),
      cLine: { year: 2010, text: first(xml, "//ReleaseList/Release[@IsMainRelease='true']/CLine/CLineText") },
    });
    expect(release?.tracks.map((track) => [track.discNumber, track.sequenceNumber])).toEqual(
      texts(xml, "//ReleaseList/Release[@IsMainRelease='true']//ResourceGroup/ResourceGroup/ResourceGroupContentItem/SequenceNumber").map((sequence) => [1, Number(sequence)]),
    );
  });
});

describe('readErnMessage: updates and takedowns', () => {
  it('reads a 3.8.2 UpdateMessage as an update', () => {
    const xml = replaceOnce(sampleXml('3.8.2', 'dedex_016_utf8_artists.xml'), '>OriginalMessage<', '>UpdateMessage<');
    expect(read(xml).kind).toBe('update');
  });

  it('reads a 3.8.2 message whose deals are all TakeDown as a takedown', () => {
    const xml = replaceOnce(sampleXml('3.8.2', 'audius_01_delivery.xml'), /<Usage>[\s\S]*?<\/Usage>/, '<TakeDown>true</TakeDown>');
    const message = read(xml);
    expect(message.kind).toBe('takedown');
    expect(message.releases[0]?.deals.map((deal) => deal.takedown)).toEqual([true]);
    expect(message.releases[0]?.territories).toEqual([]);
  });

  it('reads a 4.x message whose deals all ended before it was sent as a takedown, and never as an update', () => {
    const xml = sampleXml('4.2', '1_Audio.xml');
    expect(read(xml).kind).toBe('new');
    const ended = xml.replaceAll('<StartDate>2004-04-01</StartDate>', '<StartDate>2004-04-01</StartDate><EndDate>2014-01-01</EndDate>');
    expect(ended).not.toBe(xml);
    expect(read(ended).kind).toBe('takedown');
    const endsLater = xml.replaceAll('<StartDate>2004-04-01</StartDate>', '<StartDate>2004-04-01</StartDate><EndDate>2030-01-01</EndDate>');
    expect(read(endsLater).kind).toBe('new');
  });

  it('reads an ERN 4.3 PurgeReleaseMessage', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<ern:PurgeReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43" AvsVersionId="3" LanguageAndScriptCode="en">
  <MessageHeader>
    <MessageId>PURGE-1</MessageId>
    <MessageSender><PartyId>PADPIDA2013042401U</PartyId></MessageSender>
    <MessageRecipient><PartyId>PADPIDA2009101501Y</PartyId></MessageRecipient>
    <MessageCreatedDateTime>2024-01-01T00:00:00Z</MessageCreatedDateTime>
  </MessageHeader>
  <PurgedRelease><ReleaseId><ICPN>0012345678905</ICPN></ReleaseId></PurgedRelease>
</ern:PurgeReleaseMessage>`;
    const message = read(xml);
    expect(message).toMatchObject({ version: '4.3', kind: 'takedown', messageId: 'PURGE-1' });
    expect(message.releases[0]?.upc).toBe('0012345678905');
  });
});

describe('readErnMessage: problems', () => {
  it('reads ParentalWarningType Explicit as explicit, and the edited version as not', () => {
    const xml = sampleXml('4.3', '4_SimpleAudioSingle.xml');
    const recording = xml.indexOf('<SoundRecording>');
    const withWarning = (warning: string) =>
      xml.slice(0, recording) + replaceOnce(xml.slice(recording), /<ParentalWarningType>[^<]*</, `<ParentalWarningType>${warning}<`);
    expect(read(withWarning('Explicit')).releases[0]?.tracks[0]?.explicit).toBe(true);
    expect(read(withWarning('ExplicitContentEdited')).releases[0]?.tracks[0]?.explicit).toBe(false);
  });

  it('refuses a release with neither a UPC nor any ISRC, naming its ReleaseId', () => {
    const xml = replaceOnce(sampleXml('4.3', '4_SimpleAudioSingle.xml'), /<ISRC>[^<]*<\/ISRC>/, '');
    expect(readErnMessage(xml)).toEqual({
      ok: false,
      errors: [{ path: '/NewReleaseMessage/ReleaseList/Release/ReleaseId', message: 'the main release has no ICPN (UPC) and none of its tracks has an ISRC' }],
    });
  });

  it('refuses a schema-invalid message with the path of each problem', () => {
    const xml = replaceOnce(sampleXml('3.8.2', 'dedex_001_audioalbum_complete.xml'), '<SequenceNumber>2</SequenceNumber>', '<SequenceNumber>second</SequenceNumber>');
    const result = readErnMessage(xml);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      {
        path: '/NewReleaseMessage/ReleaseList/Release[1]/ReleaseDetailsByTerritory/ResourceGroup/ResourceGroup/ResourceGroupContentItem[2]/SequenceNumber',
        line: xml.slice(0, xml.indexOf('>second<')).split('\n').length,
        message: "Element 'SequenceNumber': 'second' is not a valid value of the atomic type 'xs:integer'.",
      },
    ]);
  });

  it('refuses malformed XML', () => {
    const result = readErnMessage(replaceOnce(sampleXml('4.2', '1_Audio.xml'), '</MessageHeader>', '</MessageHeadr>'));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]?.message).toMatch(/MessageHead/);
  });

  it('refuses anything that is not an ERN message of a supported version', () => {
    for (const xml of ['<html/>', '<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/41"/>', 'not xml at all']) {
      expect(readErnMessage(xml)).toEqual({
        ok: false,
        errors: [{ path: null, message: 'Not an ERN NewReleaseMessage or PurgeReleaseMessage of a supported version (4.3, 4.2, 3.8.2).' }],
      });
    }
  });
});
