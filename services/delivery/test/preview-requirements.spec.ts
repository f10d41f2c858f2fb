import { releaseSnapshot, trackSnapshot } from '@sv/testing';
import { missingForPreview } from '../src/app/preview/preview-requirements.ts';

describe('missingForPreview', () => {
  it('finds nothing missing in a complete release', () => {
    expect(missingForPreview(releaseSnapshot())).toEqual({});
  });

  it('names a release without tracks', () => {
    expect(missingForPreview(releaseSnapshot({ tracks: [] }))).toEqual({ tracks: ['The release has no tracks.'] });
  });

  it('names each track without audio or ISRC by its index, position and title', () => {
    const tracks = [trackSnapshot({ position: 1, title: 'Intro' }), trackSnapshot({ position: 2, title: 'Outro', audio: null, isrc: ' ' })];
    expect(missingForPreview(releaseSnapshot({ tracks }))).toEqual({
      'tracks[1].audio': ["Track 2 ('Outro') has no audio."],
      'tracks[1].isrc': ["Track 2 ('Outro') has no ISRC."],
    });
  });

  it('names a missing cover, title, UPC and genre', () => {
    expect(missingForPreview(releaseSnapshot({ artwork: null, title: '  ', upc: '', genre: '' }))).toEqual({
      title: ['The title field is required.'],
      upc: ['The release has no UPC.'],
      genre: ['The release has no genre.'],
      artwork_url: ['The release has no artwork.'],
    });
  });
});
