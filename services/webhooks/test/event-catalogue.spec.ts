import { SUBSCRIBABLE_EVENTS, SUBSCRIPTION_PATTERNS, matchesEventPattern, unknownEventPatterns } from '@sv/contracts';

const SLUGS = new Set(['spotify', 'apple_music', 'deezer']);

describe('matchesEventPattern', () => {
  it('lets * stand for exactly one segment', () => {
    expect(matchesEventPattern('release.dsp.*.live', 'release.dsp.spotify.live')).toBe(true);
    expect(matchesEventPattern('release.dsp.*.*', 'release.dsp.deezer.takedown_submitted')).toBe(true);
    expect(matchesEventPattern('ingestion.*', 'ingestion.completed')).toBe(true);
    expect(matchesEventPattern('royalty.statement.*', 'royalty.statement.approved')).toBe(true);
    expect(matchesEventPattern('royalty.*', 'royalty.statement.approved')).toBe(false);
    expect(matchesEventPattern('finance.payee_statement.*', 'finance.payee_statement.approved')).toBe(true);
    expect(matchesEventPattern('release.*', 'release.approved')).toBe(true);
    expect(matchesEventPattern('release.*', 'release.dsp.spotify.live')).toBe(false);
    expect(matchesEventPattern('release.dsp.*', 'release.dsp.spotify.live')).toBe(false);
    expect(matchesEventPattern('release.dsp.*.live', 'release.dsp.spotify.accepted')).toBe(false);
    expect(matchesEventPattern('release.approved', 'release.approved')).toBe(true);
    expect(matchesEventPattern('release.approved', 'release.delivered')).toBe(false);
  });

  it('matches stage values added later with the existing wildcards', () => {
    expect(matchesEventPattern('release.dsp.*.*', 'release.dsp.spotify.some_new_stage')).toBe(true);
    expect(matchesEventPattern('release.dsp.spotify.*', 'release.dsp.spotify.some_new_stage')).toBe(true);
  });
});

describe('unknownEventPatterns', () => {
  it('accepts the names of the catalogue, the offered patterns and the spec examples', () => {
    const valid = [
      ...SUBSCRIBABLE_EVENTS,
      ...SUBSCRIPTION_PATTERNS,
      'artist.created',
      'track.created',
      'release.created',
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
      'video.*',
      '*.test',
      '*.*',
    ];
    expect(unknownEventPatterns(valid, SLUGS)).toEqual([]);
  });

  it('refuses patterns that can match nothing in the catalogue', () => {
    expect(
      unknownEventPatterns(['release.dsp.*.exploded', 'nothing.here', 'release.*.*.*.*', '*', 'release.dsp.*', 'webhook.test'], SLUGS),
    ).toEqual(['release.dsp.*.exploded', 'nothing.here', 'release.*.*.*.*', '*', 'release.dsp.*']);
  });

  it('refuses families and names no event of the catalogue belongs to', () => {
    expect(unknownEventPatterns(['release.partner.*', 'release.partner.accepted', 'ingestion.exploded', 'ingestion.*', 'release.distribution.*'], SLUGS)).toEqual([
      'release.partner.*',
      'release.partner.accepted',
      'ingestion.exploded',
    ]);
  });

  it('refuses a DSP slug that is not in the list', () => {
    expect(unknownEventPatterns(['release.dsp.myspace.live', 'release.dsp.spotify.live', 'release.dsp.myspace.*'], SLUGS)).toEqual([
      'release.dsp.myspace.live',
      'release.dsp.myspace.*',
    ]);
  });

  it('refuses malformed patterns (partial wildcards, empty segments, other characters)', () => {
    expect(unknownEventPatterns(['release.dsp.spot*.live', 'release..approved', 'Release.Approved', 'release.approved '], SLUGS)).toEqual([
      'release.dsp.spot*.live',
      'release..approved',
      'Release.Approved',
      'release.approved ',
    ]);
  });

  it('lists each unknown pattern once, in the order given', () => {
    expect(unknownEventPatterns(['b.b', 'a.a', 'b.b'], SLUGS)).toEqual(['b.b', 'a.a']);
  });
});
