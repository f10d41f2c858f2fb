import type { IngestedErnRelease, IngestedErnTrack } from '@sv/ddex';
import { ddexReleaseBody, holderOf } from '../src/app/ddex/ddex-release-body.ts';
import { mediaOfErnRelease } from '../src/app/media/planned-media.ts';

const track = (position: number, overrides: Partial<IngestedErnTrack> = {}): IngestedErnTrack => ({
  reference: `A${position}`,
  isrc: `QZABC26000${position}`,
  title: `Track ${position}`,
  localizedTitles: [],
  displayArtists: [{ name: 'Nova', role: 'MainArtist' }],
  contributors: [],
  sequenceNumber: position,
  discNumber: 1,
  explicit: false,
  ...overrides,
});

const release = (overrides: Partial<IngestedErnRelease> = {}): IngestedErnRelease => ({
  reference: 'R0',
  upc: '190295810726',
  title: 'Album',
  localizedTitles: [],
  releaseType: 'Album',
  platformType: 'album',
  displayArtists: [{ name: 'Nova', role: 'MainArtist' }],
  territories: [],
  deals: [],
  tracks: [track(1, { audioFile: { uri: 'resources/1.flac', hash: { algorithm: 'MD5', value: 'abc' } } }), track(2)],
  ...overrides,
});

describe('the files a DDEX release names', () => {
  it("each track's full-length audio by its place and ISRC, and a delivered front cover", () => {
    expect(mediaOfErnRelease(release({ frontCover: { uri: 'cover.jpg', reference: 'A9' } }))).toEqual({
      audio: [{ track: { position: 1, disc_number: 1, isrc: 'QZABC260001' }, file: { uri: 'resources/1.flac', hash: { algorithm: 'MD5', value: 'abc' } } }],
      artwork: { uri: 'cover.jpg' },
    });
  });

  it('nothing when the message names no file', () => {
    expect(mediaOfErnRelease(release({ tracks: [track(1)] }))).toBeUndefined();
  });

  it("a cover named by URL becomes the release's cover_art_url, fetched by the catalogue, not a file to find", () => {
    const withUrl = release({ frontCover: { uri: 'https://images.example.com/c.jpg', reference: 'A9' } });
    expect(mediaOfErnRelease(withUrl)?.artwork).toBeUndefined();
    expect(ddexReleaseBody(withUrl).release.cover_art_url).toBe('https://images.example.com/c.jpg');
    expect(ddexReleaseBody(release({ frontCover: { uri: 'cover.jpg', reference: 'A9' } })).release).not.toHaveProperty('cover_art_url');
  });
});

describe("a DDEX track's musical work", () => {
  it("hands the ISWC the message names on to the track (normalised), nothing when it names none, and leaves out one that is not an ISWC with a warning", () => {
    const body = ddexReleaseBody(release({ tracks: [track(1, { iswc: 'T-034.524.680-1' }), track(2), track(3, { iswc: 'T1234567890' })] }));
    const tracks = body.release.tracks as Record<string, unknown>[];
    expect(tracks[0]).toMatchObject({ isrc: 'QZABC260001', iswc: 'T0345246801' });
    expect(tracks[1]).not.toHaveProperty('iswc');
    expect(tracks[2]).not.toHaveProperty('iswc');
    expect(body.warnings).toEqual(['Track 3 (QZABC260003): "T1234567890" is not an ISWC (ISO 15707), so the track is imported without one.']);
  });
});

describe('the holder of a ℗ or © line', () => {
  it.each([
    [{ year: 1994, text: '(P) 1994 EMI Music Japan Inc.' }, 'EMI Music Japan Inc.'],
    [{ year: 2017, text: '2017 Parlophone Records Limited' }, 'Parlophone Records Limited'],
    [{ year: 2017, text: '℗ 2017, Warner Classics' }, 'Warner Classics'],
    [{ year: 2020, text: '© Label 2020 Ltd' }, 'Label 2020 Ltd'],
    [{ text: 'Label Without Year' }, 'Label Without Year'],
    [{ year: 2001, text: '2001' }, '2001'],
  ])('%j is held by %s, without the mark and year the platform writes itself', (line, holder) => {
    expect(holderOf(line)).toBe(holder);
  });
});
