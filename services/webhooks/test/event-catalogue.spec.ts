import { EVENT_CATALOGUE, WILDCARD_PATTERNS, matchesEvent, unknownPatterns } from '../src/app/event-types/event-catalogue.ts';

const SLUGS = new Set(['spotify', 'apple_music', 'deezer']);

describe('matchesEvent', () => {
  it('lets * stand for exactly one segment', () => {
    expect(matchesEvent('release.dsp.*.live', 'release.dsp.spotify.live')).toBe(true);
    expect(matchesEvent('release.dsp.*.*', 'release.dsp.deezer.takedown_submitted')).toBe(true);
    expect(matchesEvent('ingestion.*', 'ingestion.completed')).toBe(true);
    expect(matchesEvent('royalty.statement.*', 'royalty.statement.approved')).toBe(true);
    expect(matchesEvent('royalty.*', 'royalty.statement.approved')).toBe(false);
    expect(matchesEvent('finance.payee_statement.*', 'finance.payee_statement.approved')).toBe(true);
    expect(matchesEvent('release.*', 'release.approved')).toBe(true);
    expect(matchesEvent('release.*', 'release.dsp.spotify.live')).toBe(false);
    expect(matchesEvent('release.dsp.*', 'release.dsp.spotify.live')).toBe(false);
    expect(matchesEvent('release.dsp.*.live', 'release.dsp.spotify.accepted')).toBe(false);
    expect(matchesEvent('release.approved', 'release.approved')).toBe(true);
    expect(matchesEvent('release.approved', 'release.delivered')).toBe(false);
  });

  it('matches stage values added later with the existing wildcards', () => {
    expect(matchesEvent('release.dsp.*.*', 'release.dsp.spotify.some_new_stage')).toBe(true);
    expect(matchesEvent('release.dsp.spotify.*', 'release.dsp.spotify.some_new_stage')).toBe(true);
  });
});

describe('unknownPatterns', () => {
  it('accepts the names of the catalogue, the offered patterns and the spec examples', () => {
    const valid = [
      ...EVENT_CATALOGUE,
      ...WILDCARD_PATTERNS,
      'release.dsp.*.live',
      'release.dsp.*.*',
      'ingestion.*',
      'royalty.statement.*',
      'royalty.withdrawal.requested',
      'royalty.*.*',
      'finance.statement.*',
      'finance.payout.created',
      'finance.*.*',
      'release.dsp.spotify.live',
      'release.dsp.apple_music.*',
      'release.distribution.accepted',
      'video.*',
      '*.test',
      '*.*',
    ];
    expect(unknownPatterns(valid, SLUGS)).toEqual([]);
  });

  it('refuses patterns that can match nothing in the catalogue', () => {
    expect(
      unknownPatterns(['release.dsp.*.exploded', 'nothing.here', 'release.*.*.*.*', '*', 'release.dsp.*', 'webhook.test'], SLUGS),
    ).toEqual(['release.dsp.*.exploded', 'nothing.here', 'release.*.*.*.*', '*', 'release.dsp.*']);
  });

  it('refuses a DSP slug that is not in the list', () => {
    expect(unknownPatterns(['release.dsp.myspace.live', 'release.dsp.spotify.live', 'release.dsp.myspace.*'], SLUGS)).toEqual([
      'release.dsp.myspace.live',
      'release.dsp.myspace.*',
    ]);
  });

  it('refuses malformed patterns (partial wildcards, empty segments, other characters)', () => {
    expect(unknownPatterns(['release.dsp.spot*.live', 'release..approved', 'Release.Approved', 'release.approved '], SLUGS)).toEqual([
      'release.dsp.spot*.live',
      'release..approved',
      'Release.Approved',
      'release.approved ',
    ]);
  });

  it('lists each unknown pattern once, in the order given', () => {
    expect(unknownPatterns(['b.b', 'a.a', 'b.b'], SLUGS)).toEqual(['b.b', 'a.a']);
  });
});
