import { bySequenceAttribute, mergeContributors } from '../contributors.ts';
import { ern4FileOf } from '../delivered-file.ts';
import type { ErnElement } from '../ern-element.ts';
import type { IngestedErnArtist, IngestedErnFile, IngestedErnTrack } from '../ingested-message.ts';
import { secondsOfIsoDuration } from '../iso-duration.ts';
import { preferredVariant } from '../preferred-variant.ts';
import { codedValue, isTrue } from '../release-types.ts';
import { rightsLineOf } from '../rights-line.ts';
import { titlesOf } from '../titles.ts';
import type { ResourcePosition } from '../track-order.ts';

export interface Ern4Context {
  version: '4.3' | '4.2';
  messageLanguage: string | undefined;
  /** Party names by PartyReference. */
  parties: Map<string, string>;
  /** A TrackRelease's genre by the resource it releases: 4.x SoundRecordings carry none. */
  trackGenres: Map<string, string>;
}

/** DisplayArtists in SequenceNumber order, by the PartyList name of each ArtistPartyReference. */
export const displayArtistsOf = (owner: ErnElement, parties: Map<string, string>): IngestedErnArtist[] =>
  bySequenceAttribute(owner.children('DisplayArtist')).map((artist) => {
    const reference = artist.textAt('ArtistPartyReference') ?? '';
    return { name: parties.get(reference) ?? reference, role: codedValue(artist.child('DisplayArtistRole')) ?? '' };
  });

/*
 * Where 4.3 and 4.2 differ: 4.3 puts the ISRC, ℗ line and files in SoundRecordingEditions
 * (files in TechnicalDetails/DeliveryFile/File), 4.2 on the SoundRecording itself (files in
 * TechnicalDetails/File). Clips and previews are not the audio file.
 */
const editionsOf = (recording: ErnElement, version: Ern4Context['version']): ErnElement[] =>
  version === '4.3' ? recording.children('SoundRecordingEdition') : [recording];

const audioFileOf = (editions: ErnElement[], version: Ern4Context['version']): IngestedErnFile | undefined => {
  const details = editions.flatMap((edition) => edition.children('TechnicalDetails'));
  const files =
    version === '4.3'
      ? details.filter((detail) => !isTrue(detail.textAt('IsClip'))).flatMap((detail) => detail.children('DeliveryFile').map((file) => file.child('File')))
      : details.filter((detail) => !isTrue(detail.textAt('IsPreview'))).map((detail) => detail.child('File'));
  return files.map(ern4FileOf).find((file) => file !== undefined);
};

export const ern4TrackOf = (recording: ErnElement, position: ResourcePosition, context: Ern4Context): IngestedErnTrack => {
  const { version, messageLanguage, parties } = context;
  const editions = editionsOf(recording, version);
  const isrc = editions
    .flatMap((edition) => edition.children('ResourceId'))
    .map((id) => id.textAt('ISRC'))
    .find((value) => value !== undefined);
  const iswc = recording
    .children('WorkId')
    .map((id) => id.textAt('ISWC'))
    .find((value) => value !== undefined);
  const titles = titlesOf(recording.children('DisplayTitle'), messageLanguage);
  const durationSeconds = secondsOfIsoDuration(recording.textAt('Duration'));
  const language = recording.textAt('LanguageOfPerformance');
  const genre = context.trackGenres.get(position.reference);
  const pLine = rightsLineOf(
    preferredVariant(
      editions.flatMap((edition) => edition.children('PLine')),
      messageLanguage,
    ),
    'PLineText',
  );
  const audioFile = audioFileOf(editions, version);
  return {
    reference: position.reference,
    ...(isrc === undefined ? {} : { isrc }),
    ...(iswc === undefined ? {} : { iswc }),
    title: titles.title || (recording.textAt('DisplayTitleText') ?? ''),
    ...(titles.subtitle === undefined ? {} : { subtitle: titles.subtitle }),
    localizedTitles: titles.localizedTitles,
    displayArtists: displayArtistsOf(recording, parties),
    contributors: mergeContributors(
      bySequenceAttribute(recording.children('Contributor')).map((contributor) => {
        const reference = contributor.textAt('ContributorPartyReference') ?? '';
        return {
          name: parties.get(reference) ?? reference,
          roles: contributor.children('Role').map(codedValue).filter((role) => role !== undefined),
        };
      }),
    ),
    ...(durationSeconds === undefined ? {} : { durationSeconds }),
    sequenceNumber: position.sequenceNumber,
    discNumber: position.discNumber,
    explicit: preferredVariant(recording.children('ParentalWarningType'), messageLanguage)?.text === 'Explicit',
    ...(language === undefined ? {} : { language }),
    ...(genre === undefined ? {} : { genre }),
    ...(pLine === undefined ? {} : { pLine }),
    ...(audioFile === undefined ? {} : { audioFile }),
  };
};
