import { readErnMessage, repeatedResourceReference, type IngestedErnRelease } from '../src/index.ts';
import { replaceOnce, sampleXml } from './support/ern-samples.ts';

/*
 * ERN 3.8.2 as store-facing processors send it: a release whose ReleaseResourceReferenceList names
 * the same resource twice. The reference names one resource, so it is one track, read once at its
 * first place, with a warning at the repeat; read as written it was two tracks with one ISRC.
 */

const LIST = '/NewReleaseMessage/ReleaseList/Release/ReleaseResourceReferenceList';

const mainRelease = (xml: string): IngestedErnRelease => {
  const read = readErnMessage(xml);
  if (!read.ok) throw new Error(`not read: ${JSON.stringify(read.errors)}`);
  return read.message.releases[0]!;
};

/** What the message's sound recordings say, read with plain text matching rather than the reader. */
const isrcsIn = (xml: string): string[] => [...xml.matchAll(/<ISRC>([^<]+)<\/ISRC>/g)].map((match) => match[1]!);

describe('ERN 3.8.2: a ReleaseResourceReferenceList naming a resource twice', () => {
  it('reads the Audius album fixture (A1 listed twice) as one track, with a warning at the repeat', () => {
    const xml = sampleXml('3.8.2', 'audius_album_basic.xml');
    expect(xml.match(/<ReleaseResourceReference>A1<\/ReleaseResourceReference>/g)).toHaveLength(2);
    const release = mainRelease(xml);
    expect(release.tracks.map((track) => [track.reference, track.isrc, track.sequenceNumber, track.discNumber])).toEqual([['A1', isrcsIn(xml)[0], 1, 1]]);
    expect(release.warnings).toEqual([{ path: `${LIST}/ReleaseResourceReference[2]`, message: repeatedResourceReference('A1') }]);
  });

  it('reads the official track sample with its recording repeated after the cover the same way, the order of first mentions kept', () => {
    const xml = replaceOnce(
      sampleXml('3.8.2', 'audius_track_basic.xml'),
      '<ReleaseResourceReference>A2</ReleaseResourceReference>',
      '<ReleaseResourceReference>A2</ReleaseResourceReference>\n        <ReleaseResourceReference>A1</ReleaseResourceReference>',
    );
    const release = mainRelease(xml);
    expect(release.tracks.map((track) => [track.reference, track.sequenceNumber])).toEqual([['A1', 1]]);
    expect(release.frontCover?.reference).toBe('A2');
    expect(release.warnings).toEqual([{ path: `${LIST}/ReleaseResourceReference[3]`, message: repeatedResourceReference('A1') }]);
  });

  it('a list without repeats reads as before, without warnings', () => {
    const release = mainRelease(sampleXml('3.8.2', 'audius_track_basic.xml'));
    expect(release.tracks.map((track) => track.reference)).toEqual(['A1']);
    expect(release).not.toHaveProperty('warnings');
  });
});
