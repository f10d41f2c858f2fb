import { buildErn } from '../src/build-ern.ts';
import { ErnBuildError } from '../src/ern/build-input.ts';
import { ERN_VERSIONS } from '../src/ern-version.ts';
import { makeInput, makeRelease, makeStore } from './support/release-factory.ts';
import { texts } from './support/xml-query.ts';

/*
 * A store's override may withdraw policies from one track (streaming rights that ended, say): that
 * track's own deals leave them out, in every ERN version, while the other tracks and the release
 * keep every deal.
 */

const album = makeRelease(3);
const withdrawing = (trackIndex: number, policies: string[]) =>
  makeStore({ track_withdrawals: [{ track_id: album.tracks[trackIndex]?.uuid ?? '', monetization_policy_codes: policies }] });

/** The UseTypes of the deals of the ReleaseDeal that names `release`. */
const useTypesOf = (xml: string, release: string): string[] =>
  texts(xml, `//DealList/ReleaseDeal[DealReleaseReference="${release}"]/Deal/DealTerms//UseType`);

describe.each(ERN_VERSIONS)('ERN %s: streaming withdrawn from one track', (version) => {
  const xml = buildErn(version, makeInput({ release: album, store: withdrawing(1, ['streaming']) }));

  it('leaves the track its other deals and no stream', () => {
    expect(useTypesOf(xml, 'R2')).toEqual(['PermanentDownload']);
  });

  it('keeps every deal for the release and the other tracks, the others sharing one ReleaseDeal', () => {
    for (const release of ['R0', 'R1', 'R3']) expect(useTypesOf(xml, release)).toEqual(['OnDemandStream', 'NonInteractiveStream', 'PermanentDownload']);
    const shared = texts(xml, '//DealList/ReleaseDeal[DealReleaseReference="R1"]/DealReleaseReference');
    expect(shared).toEqual(['R1', 'R3']);
  });

  it('names the withdrawn track in no deal at all when every policy is withdrawn from it', () => {
    const none = buildErn(version, makeInput({ release: album, store: withdrawing(0, ['streaming', 'download']) }));
    expect(texts(none, '//DealList/ReleaseDeal/DealReleaseReference')).not.toContain('R1');
    expect(useTypesOf(none, 'R2')).toEqual(['OnDemandStream', 'NonInteractiveStream', 'PermanentDownload']);
  });

  it('changes nothing for a track the release does not have', () => {
    const unknown = makeStore({ track_withdrawals: [{ track_id: '00000000-0000-4000-8000-999999999999', monetization_policy_codes: ['streaming'] }] });
    const input = makeInput({ release: album });
    expect(buildErn(version, { ...input, store: unknown })).toBe(buildErn(version, input));
  });
});

describe('a single whose only track loses a policy', () => {
  const single = makeRelease(1);
  const store = (policies: string[]) => makeStore({ track_withdrawals: [{ track_id: single.tracks[0]?.uuid ?? '', monetization_policy_codes: policies }] });

  it('in ERN 4, which has no track release, drops it from the release deals', () => {
    for (const version of ['4.3', '4.2'] as const) {
      const xml = buildErn(version, makeInput({ release: single, store: store(['streaming']) }));
      expect(texts(xml, '//DealList//UseType')).toEqual(['PermanentDownload']);
    }
  });

  it('refuses to build a message with every deal withdrawn: that is a takedown', () => {
    expect(() => buildErn('4.3', makeInput({ release: single, store: store(['streaming', 'download']) }))).toThrow(ErnBuildError);
  });
});
