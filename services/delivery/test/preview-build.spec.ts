import { ErnBuildError } from '@sv/ddex';
import { DomainError } from '@sv/platform';
import { buildOrRefuse } from '../src/app/preview/preview-build.ts';
import { PreviewIncompleteError } from '../src/app/preview/preview.errors.ts';

describe('buildOrRefuse', () => {
  it('returns what the builder built', () => {
    expect(buildOrRefuse(() => '<xml/>', 'spotify', 'Spotify')).toBe('<xml/>');
  });

  it("turns the builder's refusal into a 422 naming the store and the reason", () => {
    const reason = 'Release 0860000000012 has no deal that covers a territory for spotify (0 given).';
    let refusal: unknown;
    try {
      buildOrRefuse(() => {
        throw new ErnBuildError(reason);
      }, 'spotify', 'Spotify');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({
      kind: 'validation',
      message: 'The DDEX message for Spotify does not validate; fix the problems listed and try again.',
      fields: { spotify: [reason] },
    });
  });

  it('leaves any other failure a fault', () => {
    const fault = new Error('disk gone');
    expect(() =>
      buildOrRefuse(() => {
        throw fault;
      }, 'spotify', 'Spotify'),
    ).toThrow(fault);
  });
});

describe('PreviewIncompleteError', () => {
  it('says a single gap in its own words', () => {
    const error = new PreviewIncompleteError({ tracks: ['The release has no tracks.'] });
    expect(error).toMatchObject({ kind: 'validation', message: 'The release has no tracks.', fields: { tracks: ['The release has no tracks.'] } });
  });

  it('says Validation failed for several gaps and carries every gap by field', () => {
    const missing = { 'tracks[0].audio': ["Track 1 ('Song 1') has no audio."], 'tracks[0].isrc': ["Track 1 ('Song 1') has no ISRC."], artwork_url: ['The release has no artwork.'] };
    expect(new PreviewIncompleteError(missing)).toMatchObject({ kind: 'validation', message: 'Validation failed', fields: missing });
  });
});
